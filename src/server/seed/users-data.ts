/** A demonstration user of docs/product.md §10.2: one per role, so every screen can be tried. */
export interface DemoUser {
  username: string;
  prefName: string;
  email: string;
  /** Short name of the home institution, as single sign-on would report it. */
  home: string | null;
  glblAdmin?: boolean;
  glblRead?: boolean;
  privileges: { level: 'read' | 'write' | 'admin'; institution: string }[];
}

/**
 * The demo users, one per role, and UVic's admin (issue 29: the writer's institution has someone to sign off its term
 * returns and to ask for access); the first is the app admin the seed names as author of the records.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'appadmin', prefName: 'Avery Admin', email: 'appadmin@example.ca', home: 'UVic', glblAdmin: true, privileges: [] },
  {
    username: 'globalreader',
    prefName: 'Gale Reader',
    email: 'globalreader@example.ca',
    home: 'UVic',
    glblRead: true,
    privileges: [],
  },
  {
    username: 'instadmin',
    prefName: 'Indira Institution',
    email: 'instadmin@example.ca',
    home: 'UBC',
    privileges: [{ level: 'admin', institution: 'UBC' }],
  },
  {
    username: 'writer',
    prefName: 'Wren Writer',
    email: 'writer@example.ca',
    home: 'UVic',
    privileges: [{ level: 'write', institution: 'UVic' }],
  },
  {
    username: 'reader',
    prefName: 'Riley Reader',
    email: 'reader@example.ca',
    home: 'UVic',
    privileges: [
      { level: 'read', institution: 'UVic' },
      { level: 'read', institution: 'SFU' },
    ],
  },
  { username: 'newuser', prefName: 'Noor Newcomer', email: 'newuser@example.ca', home: null, privileges: [] },
  {
    username: 'uvicadmin',
    prefName: 'Uma Victoria',
    email: 'uvicadmin@example.ca',
    home: 'UVic',
    privileges: [{ level: 'admin', institution: 'UVic' }],
  },
];

export const DEMO_BANNER = {
  type: 'info',
  icon: 'info-circle',
  text: 'Demonstration data: the figures here are generated for trying the application, not real statistics.',
} as const;
