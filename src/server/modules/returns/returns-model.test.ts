import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf } from '../../test/return-factories.ts';

/**
 * Random sequences of sign-off actions and record edits, by random people, against a model of a few lines: after
 * every step the API's answer, the return's state and version, and the record agree with the model. The model is
 * written here from docs/reporting-cycle.md, not taken from the code it checks.
 */

type Who = 'instAdmin' | 'appAdmin' | 'writer' | 'globalReader';
type Step =
  | { kind: 'submit' | 'send-back' | 'approve' | 'reopen' | 'fill-zeros'; who: Who }
  | { kind: 'edit'; status: 'draft' | 'submitted' };

/** The whole world of one return: its stored state and version, one program's record, and a program with none yet. */
interface Model {
  state: 'open' | 'submitted' | 'approved' | 'reopened';
  version: number;
  recordStatus: 'draft' | 'submitted';
  zeroFilled: boolean;
}

const ADMINS_OF_IT: Who[] = ['instAdmin', 'appAdmin'];

/** What the model says a step answers, and the model after it. */
function expected(model: Model, step: Step): { status: number; code?: string; next: Model } {
  const locked = model.state === 'submitted' || model.state === 'approved';
  if (step.kind === 'edit') {
    if (locked) return { status: 409, code: 'return_locked', next: model };
    return { status: 200, next: { ...model, recordStatus: step.status } };
  }
  const mayAct = step.kind === 'submit' || step.kind === 'fill-zeros' ? ADMINS_OF_IT.includes(step.who) : step.who === 'appAdmin';
  if (!mayAct) return { status: 403, next: model };
  const from: Record<typeof step.kind, Model['state'][]> = {
    submit: ['open', 'reopened'],
    'fill-zeros': ['open', 'reopened'],
    'send-back': ['submitted'],
    approve: ['submitted'],
    reopen: ['approved'],
  };
  if (!from[step.kind].includes(model.state)) return { status: 409, code: 'return_state', next: model };
  const step1 = { ...model, version: model.version + 1 };
  switch (step.kind) {
    case 'fill-zeros':
      return { status: 200, next: { ...model, zeroFilled: true } };
    case 'submit':
      if (model.recordStatus !== 'submitted' || !model.zeroFilled) return { status: 409, code: 'return_incomplete', next: model };
      return { status: 200, next: { ...step1, state: 'submitted' } };
    case 'send-back':
      return { status: 200, next: { ...step1, state: 'open' } };
    case 'approve':
      return { status: 200, next: { ...step1, state: 'approved' } };
    case 'reopen':
      return { status: 200, next: { ...step1, state: 'reopened' } };
  }
}

const shown = (model: Model) => (model.state === 'open' ? 'in progress' : model.state);

/** People who may act are drawn more often than those who may not, so long sequences reach every state. */
const who = fc.constantFrom<Who>('appAdmin', 'appAdmin', 'appAdmin', 'instAdmin', 'instAdmin', 'writer', 'globalReader');
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('submit', 'submit', 'send-back', 'approve', 'approve', 'reopen', 'fill-zeros' as const),
      who,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), status: fc.constantFrom('draft' as const, 'submitted' as const) }),
  },
);

/** One sequence always run beside the random ones: every transition, and every refusal on the way round. */
const WHOLE_CYCLE: Step[] = [
  { kind: 'submit', who: 'instAdmin' }, // incomplete: a program has no record
  { kind: 'fill-zeros', who: 'writer' }, // writers enter records, they do not sign off
  { kind: 'fill-zeros', who: 'instAdmin' },
  { kind: 'approve', who: 'appAdmin' }, // not submitted yet
  { kind: 'submit', who: 'globalReader' },
  { kind: 'submit', who: 'instAdmin' },
  { kind: 'edit', status: 'draft' }, // locked
  { kind: 'send-back', who: 'appAdmin' },
  { kind: 'edit', status: 'draft' },
  { kind: 'submit', who: 'appAdmin' }, // incomplete: a draft
  { kind: 'edit', status: 'submitted' },
  { kind: 'submit', who: 'appAdmin' },
  { kind: 'approve', who: 'instAdmin' }, // app admins approve
  { kind: 'approve', who: 'appAdmin' },
  { kind: 'edit', status: 'draft' }, // locked
  { kind: 'fill-zeros', who: 'appAdmin' }, // approved
  { kind: 'reopen', who: 'appAdmin' },
  { kind: 'approve', who: 'appAdmin' }, // a reopened return is submitted again before approval
  { kind: 'reopen', who: 'appAdmin' },
  { kind: 'edit', status: 'draft' },
  { kind: 'edit', status: 'submitted' },
  { kind: 'submit', who: 'instAdmin' },
  { kind: 'approve', who: 'appAdmin' },
];

describe('term returns against a model', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let own: number;
  let reporting: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix;
    ({ call, matrix } = await createMatrixCaller(ctx));
    own = matrix.institutions.own;
    reporting = await createProgram(ctx.db, own, { name: 'Reporting Co-op' });
    await createProgram(ctx.db, own, { name: 'Quiet Co-op' });
  }, 120_000);
  afterAll(() => ctx?.close());

  /** A new period, so every run starts from a fresh return: one submitted record, one program with none. */
  async function freshReturn(): Promise<{ returnId: number; recordId: number }> {
    const key = freshPeriodKey();
    const created = await call('PUT', '/api/periods', 'appAdmin', key);
    const returnId = await returnIdOf(ctx.db, own, created.json().id);
    const recordId = await insertRecord(ctx.db, {
      institutionId: own,
      programId: reporting,
      fiscalYear: key.fiscal_year,
      term: key.term,
    });
    return { returnId, recordId };
  }

  async function run(returnId: number, recordId: number, step: Step) {
    if (step.kind !== 'edit') {
      // A reason to send back or reopen, and from the app admin (no admin of the institution) acting for it.
      const needsReason =
        step.kind === 'send-back' ||
        step.kind === 'reopen' ||
        (step.who === 'appAdmin' && (step.kind === 'submit' || step.kind === 'fill-zeros'));
      const body = needsReason ? { reason: 'Model says so' } : {};
      return call('POST', `/api/returns/${returnId}/${step.kind}`, step.who, body);
    }
    const record: RecordWire = (await call('GET', `/api/records/${recordId}`, 'writer')).json();
    return call('PATCH', `/api/records/${recordId}`, 'writer', {
      version: record.version,
      status: step.status,
      notes: `Edited at version ${record.version}`,
    });
  }

  it('agrees with the model after every step of random sequences', async () => {
    /** The steps that succeeded, by the state they started from: every transition must be met. */
    const met = new Set<string>();
    await fc.assert(
      // Most runs start with the zero fill (the return complete), so the rest of the sequence can go all the way round.
      fc.asyncProperty(
        fc.boolean(),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 24, size: 'max' }),
        async (filledFirst, drawn) => {
          const steps: Step[] = filledFirst ? [{ kind: 'fill-zeros', who: 'instAdmin' }, ...drawn] : drawn;
          const { returnId, recordId } = await freshReturn();
          let model: Model = { state: 'open', version: 1, recordStatus: 'submitted', zeroFilled: false };
          for (const [n, step] of steps.entries()) {
            const want = expected(model, step);
            const res = await run(returnId, recordId, step);
            const where = `step ${n + 1} ${JSON.stringify(step)} from ${JSON.stringify(model)}: ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBe(want.status);
            if (want.code) expect(res.json().code, where).toBe(want.code);
            if (want.status === 200) met.add(`${step.kind} from ${model.state}`);
            model = want.next;
            const now: TermReturn = (await call('GET', `/api/returns/${returnId}`, 'globalReader')).json();
            const record: RecordWire = (await call('GET', `/api/records/${recordId}`, 'writer')).json();
            expect([now.state, now.version, record.status], where).toEqual([shown(model), model.version, model.recordStatus]);
            expect(now.submitted, where).toBe((model.recordStatus === 'submitted' ? 1 : 0) + (model.zeroFilled ? 1 : 0));
          }
        },
      ),
      { numRuns: 40, examples: [[false, WHOLE_CYCLE]] },
    );
    for (const transition of [
      'submit from open',
      'send-back from submitted',
      'approve from submitted',
      'reopen from approved',
      'submit from reopened',
    ]) {
      expect(met).toContain(transition);
    }
  }, 300_000);
});
