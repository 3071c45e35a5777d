import { describe, expect, it } from 'vitest';
import { actsOnBehalf, onBehalfLine } from './return-acting.ts';

describe('acting for an institution', () => {
  it('is an app admin who is not an admin of the institution', () => {
    expect(actsOnBehalf({ glblAdmin: true, admin: [] }, 7)).toBe(true);
    expect(actsOnBehalf({ glblAdmin: true, admin: [3] }, 7)).toBe(true);
    expect(actsOnBehalf({ glblAdmin: true, admin: [7] }, 7)).toBe(false);
    expect(actsOnBehalf({ glblAdmin: false, admin: [7] }, 7)).toBe(false);
    expect(actsOnBehalf({ glblAdmin: false, admin: [] }, 7)).toBe(false);
  });

  it('says who acted, for whom and why', () => {
    expect(onBehalfLine('UVic', 'Appy Admin', 'Overdue; asked by phone')).toBe(
      'on behalf of UVic by Appy Admin: Overdue; asked by phone',
    );
    expect(onBehalfLine('UVic', null, 'x')).toBe('on behalf of UVic by an app admin: x');
  });
});
