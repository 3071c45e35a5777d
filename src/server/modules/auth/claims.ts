import type { OidcSettings } from '../../config.ts';

export interface SignInIdentity {
  username: string;
  prefName: string;
  email: string;
  institution: string;
  affiliations: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Affiliations may come as a list or one string, and scoped (`employee@uvic.ca`): keep the unscoped, lower-case names. */
function affiliationList(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,;]+/) : [];
  return [...new Set(raw.map((a) => text(a).split('@')[0]!.toLowerCase()).filter(Boolean))];
}

/** Maps the provider's claims onto our identity, using the claim names configured for this deployment. */
export function identityFromClaims(claims: Record<string, unknown>, names: OidcSettings['claims']): SignInIdentity | null {
  const username = text(claims[names.username]) || text(claims.sub);
  if (!username) return null;
  return {
    username,
    prefName: text(claims[names.name]) || text(claims.given_name) || username,
    email: text(claims[names.email]),
    institution: text(claims[names.institution]),
    affiliations: affiliationList(claims[names.affiliation]),
  };
}
