import { describe, expect, it } from 'vitest';
import { browseIntro } from './browse-intro.ts';

describe('browseIntro', () => {
  it('does not promise editing to someone who may only read', () => {
    expect(browseIntro({ readsAll: true, canEdit: false })).toMatch(/Open a row to see it\.$/);
    expect(browseIntro({ readsAll: false, canEdit: false })).not.toMatch(/edit/);
  });

  it('tells someone who may edit that a row opens for editing', () => {
    expect(browseIntro({ readsAll: false, canEdit: true })).toMatch(/Open a row to see or edit it\.$/);
    expect(browseIntro({ readsAll: true, canEdit: true })).toMatch(/^The co-op and WIL records of every institution/);
  });
});
