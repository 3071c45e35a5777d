import type { ReactNode } from 'react';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { usePrograms } from '../../programs/index.ts';

/**
 * The institution and program lists a criteria form needs: a skeleton while they load, the error with a retry when
 * either fails (also as a toast), the form once both are in.
 */
export function WithInstitutionsAndPrograms({
  children,
}: {
  children: (lists: { institutions: Institution[]; programs: Program[] }) => ReactNode;
}) {
  const institutions = useInstitutions();
  const programs = usePrograms();
  useErrorToast(institutions.error);
  useErrorToast(programs.error);
  const error = institutions.error ?? programs.error;
  if (institutions.isPending || programs.isPending) return <PageSkeleton />;
  if (error) {
    return (
      <LoadError
        message={error.message}
        onRetry={() => {
          void institutions.refetch();
          void programs.refetch();
        }}
      />
    );
  }
  return children({ institutions: institutions.data ?? [], programs: programs.data ?? [] });
}
