import type { DisclosureRule } from '../../../shared/disclosure.ts';
import type { Db } from '../../db/client.ts';
import { periodKey, type Period } from '../../db/data-versions.ts';
import { computePeriodBlocks, type Part, type PeriodBlocks } from './period-blocks.ts';

/**
 * Per-period blocks kept between questions (decision 022). Judging a filtered question means judging every cell of
 * the periods it touches, a scan of all their records however narrow the question; the blocks do not depend on the
 * question, so each period's are computed once per viewer and kept until the period's data version changes. An entry
 * is used only when its version equals the one read with the question's own figures, in the same statement, so a
 * figure is never judged by blocks of other data.
 *
 * Kept per database (tests open many) and per viewer: the institutions they read, the rule and whether only approved
 * returns count. At most `MAX_VIEWERS` viewers are kept, the least recently asking forgotten first.
 */
const MAX_VIEWERS = 64;

type ViewerBlocks = Map<string, PeriodBlocks>;
const cache = new WeakMap<Db, Map<string, ViewerBlocks>>();

export interface Viewer {
  readable: readonly number[];
  rule: DisclosureRule;
  approvedOnly: boolean;
}

function viewerBlocks(db: Db, viewer: Viewer): ViewerBlocks {
  let byViewer = cache.get(db);
  if (!byViewer) cache.set(db, (byViewer = new Map()));
  const key = `${[...viewer.readable].sort((a, b) => a - b).join(',')}|${viewer.rule.minInstitutions}|${viewer.rule.maxSharePercent}|${viewer.approvedOnly}`;
  let blocks = byViewer.get(key);
  byViewer.delete(key); // re-inserted last: Map order is the order of last use
  byViewer.set(key, (blocks ??= new Map()));
  if (byViewer.size > MAX_VIEWERS) byViewer.delete(byViewer.keys().next().value!);
  return blocks;
}

/**
 * The blocks of `periods` (each with the version read with the question) for `parts`, from the cache where current,
 * computed in one query for the rest. A returned period's `version` may differ from the one asked for when its data
 * changed meanwhile; the caller then reads the question again.
 */
export async function blocksFor(
  db: Db,
  viewer: Viewer,
  periods: readonly (Period & { version: string | null })[],
  parts: readonly Part[],
): Promise<PeriodBlocks[]> {
  const kept = viewerBlocks(db, viewer);
  const current = (p: Period & { version: string | null }) => {
    const entry = kept.get(periodKey(p));
    return entry && p.version !== null && entry.version === p.version ? entry : undefined;
  };
  const stale = periods.filter((p) => {
    const entry = current(p);
    return !entry || parts.some((part) => !entry.parts.has(part.name));
  });
  if (stale.length > 0) {
    // A period whose other parts are current keeps them: only the asked parts are recomputed, all in one query.
    const fresh = await computePeriodBlocks(db, stale, parts, viewer.readable, viewer.rule, viewer.approvedOnly);
    for (const [key, blocks] of fresh) {
      const entry = kept.get(key);
      if (entry && entry.version === blocks.version && blocks.version !== null)
        for (const [name, part] of blocks.parts) entry.parts.set(name, part);
      else if (blocks.version !== null) kept.set(key, blocks);
      else kept.delete(key);
    }
    return periods.map((p) => (fresh.get(periodKey(p)) ?? current(p))!);
  }
  return periods.map((p) => current(p)!);
}
