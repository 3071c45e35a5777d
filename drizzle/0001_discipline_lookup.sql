-- The discipline groupings of docs/product.md §4.2: lookup data every environment needs, so it ships as a migration.
INSERT INTO "disciplines" ("name", "sort_order") VALUES
  ('Business & Management', 1),
  ('Computer & Information Science', 2),
  ('Engineering & Applied Science', 3),
  ('Physical & Life Sciences', 4),
  ('Health', 5),
  ('Social Sciences', 6),
  ('Humanities', 7),
  ('Education', 8),
  ('Fine & Applied Arts', 9),
  ('Trades & Technology', 10),
  ('Tourism & Hospitality', 11),
  ('Agriculture & Natural Resources', 12),
  ('Other', 13);
