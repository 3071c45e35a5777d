import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleMenu, type NavItem } from './navigation.ts';
import {
  canAccess,
  canEditInstitution,
  canEditSomeInstitution,
  canReadInstitution,
  canSeeInstitutionAccess,
  canSignOffReturn,
  canSignOffSomeReturn,
  deriveRoles,
  editableInstitutions,
  readableInstitutions,
} from './permissions.ts';
import { NO_PRIVILEGES, SIGNED_OUT, type Privileges, type Profile } from './schemas/profile.ts';

const UBC = 1;
const SFU = 2;
const UVIC = 3;

/** The demo users of docs/product.md §10.2. */
const DEMO: Record<string, Privileges> = {
  appadmin: { ...NO_PRIVILEGES, glblAdmin: true },
  globalreader: { ...NO_PRIVILEGES, glblRead: true },
  instadmin: { ...NO_PRIVILEGES, admin: [UBC] },
  writer: { ...NO_PRIVILEGES, write: [UVIC] },
  reader: { ...NO_PRIVILEGES, read: [UVIC, SFU] },
  newuser: NO_PRIVILEGES,
};

const profileOf = (username: string, affiliations: string[] = []): Profile => ({
  ...SIGNED_OUT,
  username,
  privileges: DEMO[username]!,
  roles: deriveRoles(DEMO[username]!, affiliations),
});

/** Menu labels as a flat list, children shown as "Parent > Child". */
const labels = (menu: NavItem[]): string[] =>
  menu.flatMap((item) => (item.children ? item.children.map((c) => `${item.label} > ${c.label}`) : [item.label]));

const PROGRAM_INFO_READ = [
  'Program Information > Browse Records',
  'Program Information > Find Records',
  'Program Information > Term Returns',
];
const REPORTS = [
  'Region/Demographics',
  'Employer/Partner',
  'Discipline Grouping',
  'Term Compare',
  'Fiscal Year Compare',
  'Placement/Experience % Compare',
  'Institutional Breakdown',
  'Salary Breakdown',
  'Tuition Fee Breakdown',
  'Count/Discipline Compare',
  'Release Calendar',
].map((l) => `Reports > ${l}`);

describe('roles', () => {
  it.each([
    ['appadmin', ['user', 'app admin']],
    ['globalreader', ['user', 'read']],
    ['instadmin', ['user', 'admin']],
    ['writer', ['user', 'write']],
    ['reader', ['user', 'read']],
    ['newuser', ['user']],
  ])('derives the roles of %s', (username, roles) => {
    expect(profileOf(username).roles).toEqual(roles);
  });

  it('adds employee when the affiliations include employee, in any case or scope', () => {
    expect(deriveRoles(NO_PRIVILEGES, ['student', 'Employee'])).toEqual(['user', 'employee']);
    expect(deriveRoles(NO_PRIVILEGES, ['student'])).toEqual(['user']);
  });
});

describe('institution rights', () => {
  it('reads an institution held in any list, or all with glblRead/glblAdmin', () => {
    expect(canReadInstitution(DEMO.reader!, SFU)).toBe(true);
    expect(canReadInstitution(DEMO.reader!, UBC)).toBe(false);
    expect(canReadInstitution(DEMO.writer!, UVIC)).toBe(true);
    expect(canReadInstitution(DEMO.instadmin!, UBC)).toBe(true);
    expect(canReadInstitution(DEMO.globalreader!, UBC)).toBe(true);
    expect(canReadInstitution(DEMO.appadmin!, UBC)).toBe(true);
    expect(canReadInstitution(DEMO.newuser!, UBC)).toBe(false);
  });

  it('edits only with the id in admin or write, or glblAdmin (the requirements’ rule)', () => {
    expect(canEditInstitution(DEMO.writer!, UVIC)).toBe(true);
    expect(canEditInstitution(DEMO.writer!, UBC)).toBe(false);
    expect(canEditInstitution(DEMO.instadmin!, UBC)).toBe(true);
    expect(canEditInstitution(DEMO.reader!, UVIC)).toBe(false);
    expect(canEditInstitution(DEMO.globalreader!, UVIC)).toBe(false);
    expect(canEditInstitution(DEMO.appadmin!, UVIC)).toBe(true);
  });

  it('shows who holds rights on an institution to its admins and app admins only', () => {
    expect(canSeeInstitutionAccess(DEMO.instadmin!, UBC)).toBe(true);
    expect(canSeeInstitutionAccess(DEMO.instadmin!, UVIC)).toBe(false);
    expect(canSeeInstitutionAccess(DEMO.appadmin!, UVIC)).toBe(true);
    expect(canSeeInstitutionAccess(DEMO.writer!, UVIC)).toBe(false);
    expect(canSeeInstitutionAccess(DEMO.reader!, UVIC)).toBe(false);
    expect(canSeeInstitutionAccess(DEMO.globalreader!, UVIC)).toBe(false);
  });

  it('lists readable institutions without duplicates', () => {
    expect(readableInstitutions({ ...NO_PRIVILEGES, read: [3, 1], write: [3], admin: [2] })).toEqual([1, 2, 3]);
    expect(readableInstitutions(DEMO.globalreader!)).toBe('all');
  });
});

describe('navigation menu', () => {
  it('shows a signed-out visitor nothing', () => {
    expect(visibleMenu(SIGNED_OUT)).toEqual([]);
  });

  it('shows a user with no privileges nothing', () => {
    expect(visibleMenu(profileOf('newuser'))).toEqual([]);
  });

  it.each(['reader', 'writer', 'instadmin', 'globalreader'])(
    'shows %s Program Information (browse, find) and Reports only',
    (username) => {
      expect(labels(visibleMenu(profileOf(username)))).toEqual([...PROGRAM_INFO_READ, ...REPORTS]);
    },
  );

  it('shows an app admin everything, in the requirements’ order', () => {
    expect(labels(visibleMenu(profileOf('appadmin')))).toEqual([
      'Institutions',
      'Valid Programs',
      ...PROGRAM_INFO_READ,
      'Program Information > Reporting Periods',
      'Program Information > CEWIL Export',
      'Program Information > Export Records',
      ...REPORTS,
      'Admin',
    ]);
  });

  it('links each report to its parameter page', () => {
    const reports = visibleMenu(profileOf('reader')).find((i) => i.label === 'Reports')!;
    expect(reports.children!.map((c) => c.path)).toEqual([
      '/reports/params?type=region',
      '/reports/params?type=employer',
      '/reports/params?type=discipline',
      '/reports/params?type=term',
      '/reports/params?type=fiscal',
      '/reports/params?type=placement',
      '/reports/params?type=institution',
      '/reports/params?type=salary',
      '/reports/params?type=tuition',
      '/reports/params?type=duration',
      '/releases',
    ]);
  });
});

describe('screen access', () => {
  it.each([
    ['public', [true, true, true]],
    ['signedIn', [false, true, true]],
    ['programStaff', [false, false, true]],
    ['appAdmin', [false, false, false]],
  ] as const)('%s: signed out, no privileges, reader', (access, expected) => {
    expect([SIGNED_OUT, profileOf('newuser'), profileOf('reader')].map((p) => canAccess(p, access))).toEqual(expected);
  });

  it('lets only app admins into app-admin screens', () => {
    expect(canAccess(profileOf('appadmin'), 'appAdmin')).toBe(true);
    expect(canAccess(profileOf('instadmin'), 'appAdmin')).toBe(false);
  });
});

describe('canEditSomeInstitution', () => {
  it('holds for write or admin somewhere, or app admin; never for readers, global readers or nobody', () => {
    expect(canEditSomeInstitution({ ...NO_PRIVILEGES, write: [UVIC] })).toBe(true);
    expect(canEditSomeInstitution({ ...NO_PRIVILEGES, admin: [UBC] })).toBe(true);
    expect(canEditSomeInstitution({ ...NO_PRIVILEGES, glblAdmin: true })).toBe(true);
    expect(canEditSomeInstitution({ ...NO_PRIVILEGES, read: [UBC, SFU], glblRead: true })).toBe(false);
    expect(canEditSomeInstitution(NO_PRIVILEGES)).toBe(false);
  });
});

describe('editableInstitutions and canSignOffSomeReturn', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 });
  const privileges = fc.record({ read: ids, write: ids, admin: ids, glblRead: fc.boolean(), glblAdmin: fc.boolean() });

  it('agree, institution by institution, with canEditInstitution and canSignOffReturn', () => {
    fc.assert(
      fc.property(privileges, (p) => {
        const editable = editableInstitutions(p);
        const institutions = [1, 2, 3, 4, 5, 6, 7, 8];
        if (editable === 'all') expect(p.glblAdmin).toBe(true);
        else for (const id of institutions) expect(editable.includes(id)).toBe(canEditInstitution(p, id));
        expect(canEditSomeInstitution(p)).toBe(editable === 'all' || editable.length > 0);
        expect(canSignOffSomeReturn(p)).toBe(institutions.some((id) => canSignOffReturn(p, id)));
      }),
    );
  });
});
