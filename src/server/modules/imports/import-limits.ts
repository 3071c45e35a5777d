/**
 * What the server will unpack and parse for one uploaded spreadsheet (decision 014). An XLSX is a ZIP archive, so a
 * 5 MB upload can stand for gigabytes once inflated; these caps are checked before and while reading, so a hostile
 * file costs a fraction of a second, off the main event loop.
 */

const MiB = 1024 * 1024;

/** Most entries an XLSX archive may hold (a workbook has a dozen or so, plus a few per sheet). */
export const MAX_ZIP_ENTRIES = 1000;
/** Largest one part may be once unpacked (a 5,000-row sheet of the record export is about 8 MB of XML). */
export const MAX_UNPACKED_PART_BYTES = 32 * MiB;
/** Largest the whole archive may be once unpacked, going by the sizes it declares. */
export const MAX_UNPACKED_TOTAL_BYTES = 128 * MiB;
/** Largest the parts actually read may be together, counted while inflating. */
export const MAX_READ_TOTAL_BYTES = 64 * MiB;
/**
 * Highest compression ratio a part larger than RATIO_FLOOR_BYTES may have. Spreadsheet XML deflates to a tenth or a
 * thirtieth; a ZIP bomb to a thousandth.
 */
export const MAX_COMPRESSION_RATIO = 200;
export const RATIO_FLOOR_BYTES = 1 * MiB;
/** Deepest element nesting in a part (a sheet's cells sit 4–7 levels down). */
export const MAX_XML_DEPTH = 64;
/** Most columns a row may have in the file, as Excel allows; only the first MAX_IMPORT_COLUMNS are kept. */
export const MAX_FILE_COLUMNS = 16_384;
/** Longest row of a CSV file, in characters of its cells (ten cells of the longest kind, or 200 of 500). */
export const MAX_CSV_LINE_LENGTH = 100_000;
/** Most lines (blank ones too) a CSV file may have; blank lines past the last row are dropped, not kept. */
export const MAX_CSV_LINES = 100_000;
/** Most cells (separators, in fact) a CSV file may have: 5,000 rows of 200 columns are a million. */
export const MAX_CSV_CELLS = 2_000_000;

/**
 * Most characters the cells kept from a file may hold together: their rows go back to the dry run and the commit as
 * JSON of at most 16 MB. One long shared string referenced by every cell would otherwise make gigabytes of answer.
 */
export const MAX_IMPORT_TEXT_CHARS = 12_000_000;

/** CPU time and memory one parse may take in its worker process (parse-in-worker.ts also stops it at four times the time by the clock). */
export const PARSE_TIME_LIMIT_MS = 15_000;
export const PARSE_HEAP_LIMIT_MB = 256;
/** Parses run at once; more wait their turn, so a burst of uploads cannot multiply the memory above. */
export const MAX_CONCURRENT_PARSES = 2;
/**
 * Uploads and import checks that may wait for a worker; one more is answered 503 with Retry-After at once (issue
 * 28): a queue that only grows holds bodies of up to 16 MB each in memory and answers no one sooner.
 */
export const MAX_WAITING_PARSES = 6;
/**
 * Spreadsheets one person may have read or waiting at once: one person's burst of uploads (a script, say) takes at
 * most this share of the places above, so everyone else's upload is still read instead of refused as busy.
 */
export const MAX_PARSES_PER_PERSON = 2;
/**
 * An import request body up to this size is read on the event loop (a few milliseconds); a larger one in a worker
 * process. A body of 5,000 rows of 200 cells (16 MB) took the event loop about half a second.
 */
export const IN_PROCESS_REQUEST_BYTES = 256 * 1024;
/**
 * The niceness (0 is the server's, 19 the lowest) of a worker reading an import's JSON body, so the server's own
 * requests get the CPU first while two clients loop 16 MB checks. Spreadsheets keep the server's: their heavier parse,
 * starved on a busy machine, ran into PARSE_TIME_LIMIT_MS (and their effect on readers is measured, decision 014).
 */
export const REQUEST_WORKER_NICENESS = 10;

/**
 * How long a worker that read an import's JSON body waits for the next before it is stopped (decision 040): long
 * enough for someone checking a file again after fixing a few cells, short enough that its memory soon goes back.
 */
export const WARM_WORKER_IDLE_MS = 60_000;

/**
 * Large import requests (a JSON body over IN_PROCESS_REQUEST_BYTES) read, planned and answered at once, and waiting
 * their turn; one more, or a second from the same person, is answered 503 with Retry-After (large-import-gate.ts,
 * decision 040).
 */
export const LARGE_IMPORTS_AT_ONCE = 1;
export const LARGE_IMPORTS_WAITING = 1;
export const LARGE_IMPORT_RETRY_AFTER_SECONDS = 5;
/**
 * After a large import, the next waits this many times as long as it took, so that large imports take at most a
 * third of the server's time however many people loop them (decision 040).
 */
export const LARGE_IMPORT_REST_RATIO = 2;

export const megabytes = (bytes: number) => `${Math.round(bytes / MiB).toLocaleString('en-CA')} MB`;
