import { Alert, Anchor, Divider, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { canEditInstitution } from '../../../../shared/permissions.ts';
import { isLockedReturnState, returnName } from '../../../../shared/reporting-cycle.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { DetailLoad } from '../../../ui/detail-page.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useProfile } from '../../session/index.ts';
import { useReturn, useReturnPrograms } from '../api/get-returns.ts';
import { ReturnActions } from '../components/return-actions.tsx';
import { ReturnHistory } from '../components/return-history.tsx';
import { ReturnPrograms } from '../components/return-programs.tsx';
import { ReturnedNotice } from '../components/returned-notice.tsx';
import { SignOffPeople } from '../components/sign-off-people.tsx';
import { ApproveSummary, ReturnFiguresSection } from '../components/return-figures.tsx';
import { ReturnSummary } from '../components/return-summary.tsx';
import { TermEntryLinks } from '../components/term-entry-links.tsx';
import { availableReturnActions, missingSubmissions } from '../lib/return-actions.ts';
import { returnedNotice } from '../lib/returned-notice.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.detail;

function ReturnDetails({ ret }: { ret: TermReturn }) {
  const { profile } = useProfile();
  const programs = useReturnPrograms(ret.id);
  const actions = availableReturnActions(ret, profile.privileges);
  const missing = missingSubmissions(ret);
  const returned = returnedNotice(ret);
  const mayAdd = !isLockedReturnState(ret.state) && canEditInstitution(profile.privileges, ret.institution_id);
  return (
    <Page title={returnName(ret.institution_name, ret.fiscal_year, ret.term)}>
      <Anchor component={Link} to={`/returns?fiscalYear=${encodeURIComponent(ret.fiscal_year)}`} size="sm" className="no-print">
        {T.back}
      </Anchor>
      {returned ? <ReturnedNotice notice={returned} dueAgainOn={ret.due_again_on} /> : null}
      <ReturnSummary ret={ret} />
      {isLockedReturnState(ret.state) ? null : (
        // Sent back or reopened, complete records are not "all is well": the notice above says what is still asked.
        <Alert color={missing > 0 ? 'yellow' : returned ? 'blue' : 'green'} variant="light" data-testid="return-blockers">
          {missing > 0
            ? T.blockers(missing, ret.reported - ret.submitted)
            : returned
              ? T.readyAfterReturned(returned.action)
              : T.ready}
        </Alert>
      )}
      <ReturnActions ret={ret} actions={actions} approveSummary={<ApproveSummary ret={ret} />} />
      <SignOffPeople ret={ret} />
      <TermEntryLinks ret={ret} mayEnter={mayAdd} />
      <Divider />
      <ReturnFiguresSection ret={ret} />
      {programs.error ? (
        <LoadError message={programs.error.message} onRetry={() => void programs.refetch()} />
      ) : programs.isPending ? (
        <Skeleton height="6rem" />
      ) : (
        <ReturnPrograms ret={ret} programs={programs.data ?? []} mayAdd={mayAdd} />
      )}
      <Divider />
      <Stack gap="xs">
        <ReturnHistory history={ret.history} institution={ret.institution_name} />
      </Stack>
    </Page>
  );
}

/** `/returns/{id}`: one term return, what blocks its sign-off, the actions the user may take, and its history. */
export default function ReturnPage() {
  const id = Number(useParams().id);
  const ret = useReturn(id);
  return (
    <DetailLoad query={ret} title={routeTitle('return')}>
      {(found) => <ReturnDetails ret={found} />}
    </DetailLoad>
  );
}
