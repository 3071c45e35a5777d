import { eq } from 'drizzle-orm';
import { safeLinkUrl } from '../../../shared/link-url.ts';
import type { Banner, BannerResponse } from '../../../shared/schemas/banner.ts';
import type { Db } from '../../db/client.ts';
import { siteBanner } from '../../db/schema.ts';
import { writeAudit } from '../audit/audit.repo.ts';

/**
 * The advisory banner, or `{}` when none is set. A link saved under the older, looser rule (`http:`, `/\\host`) is
 * left out: the banner still shows, without a link no page may follow.
 */
export async function getBanner(db: Db): Promise<BannerResponse> {
  const [row] = await db.select().from(siteBanner).where(eq(siteBanner.id, 1));
  if (!row) return {};
  const url = row.url !== null && safeLinkUrl(row.url) !== null ? row.url : undefined;
  return { text: row.text, type: row.type as Banner['type'], icon: row.icon, ...(url ? { url } : {}) };
}

/** Sets or (with `{}`) clears the banner, audited in the same transaction. */
export async function setBanner(db: Db, banner: BannerResponse, userId: number): Promise<BannerResponse> {
  return db.transaction(async (tx) => {
    const before = await getBanner(tx);
    await tx.delete(siteBanner);
    if ('text' in banner) {
      await tx
        .insert(siteBanner)
        .values({ id: 1, text: banner.text, type: banner.type, icon: banner.icon, url: banner.url ?? null, updatedBy: userId });
    }
    await writeAudit(tx, {
      entityType: 'banner',
      entityId: 1,
      action: 'text' in banner ? 'set' : 'clear',
      changedBy: userId,
      before,
      after: banner,
    });
    return banner;
  });
}
