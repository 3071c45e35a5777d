import { describe, expect, it } from 'vitest';
import { visibleMenu } from '../../../../shared/navigation.ts';
import { type Privileges, type Profile } from '../../../../shared/schemas/profile.ts';
import { actionGroups } from './action-cards.tsx';
import { profileWith } from '../../../lib/profile.test-support.ts';

const user = (privileges: Partial<Privileges>): Profile => profileWith(privileges);

describe('actionGroups', () => {
  it('gives an app admin the two dropdowns and the administration pages', () => {
    const groups = actionGroups(visibleMenu(user({ glblAdmin: true })));
    expect(groups.map((g) => g.title)).toEqual(['Program Information', 'Reports', 'Administration']);
    expect(groups[2]!.links.map((l) => l.label)).toEqual(['Institutions', 'Valid Programs', 'Admin']);
    expect(groups[0]!.links.map((l) => l.path)).toContain('/records/RecordExport');
    // The ten reports, then the release calendar.
    expect(groups[1]!.links).toHaveLength(11);
    expect(groups[1]!.links.at(-1)).toEqual({ label: 'Release Calendar', path: '/releases' });
  });

  it('gives a reader browsing, finding and reports only', () => {
    const groups = actionGroups(visibleMenu(user({ read: [1] })));
    expect(groups.map((g) => g.title)).toEqual(['Program Information', 'Reports']);
    expect(groups[0]!.links.map((l) => l.label)).toEqual(['Browse Records', 'Find Records', 'Term Returns']);
  });

  it('gives a user without privileges nothing', () => {
    expect(actionGroups(visibleMenu(user({})))).toEqual([]);
  });
});
