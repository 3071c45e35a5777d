import { describe, expect, it } from 'vitest';
import { chooseContacts } from './contact-choice.ts';

const person = (user_id: number, name = `P${user_id}`) => ({ user_id, name, email: `p${user_id}@example.ca` });

describe('whose names a contact list shows', () => {
  it('shows the institution’s admins when it has any', () => {
    const chosen = chooseContacts({ institutionAdmins: [person(1), person(2)], appAdmins: [person(9)] });
    expect(chosen).toEqual({ kind: 'institution-admins', people: [person(1), person(2)] });
  });

  it('falls back to at most three app admins when the institution has none', () => {
    const chosen = chooseContacts({ institutionAdmins: [], appAdmins: [5, 6, 7, 8].map((n) => person(n)) });
    expect(chosen).toEqual({ kind: 'app-admins', people: [person(5), person(6), person(7)] });
  });

  it('never names the person asking: an only admin is sent to the app admins', () => {
    expect(chooseContacts({ institutionAdmins: [person(1)], appAdmins: [person(9)], exclude: 1 })).toEqual({
      kind: 'app-admins',
      people: [person(9)],
    });
    expect(chooseContacts({ institutionAdmins: [], appAdmins: [person(9)], exclude: 9 })).toEqual({
      kind: 'app-admins',
      people: [],
    });
  });
});
