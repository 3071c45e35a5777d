import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config.ts';

/** What must survive the round trip to the provider; kept in a signed, HttpOnly cookie for ten minutes. */
export interface LoginFlow {
  state: string;
  nonce: string;
  verifier: string;
  returnPath: string;
}

/** OpenID Connect sign-in (authorization code + PKCE + state + nonce) through openid-client. */
export class OidcSignIn {
  private configuration?: Promise<oidc.Configuration>;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redirectUri: string,
  ) {}

  /** Discovery runs on first use, not at start, so the app comes up while the provider is briefly away. */
  private async config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        this.settings.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = undefined; // try again next time
        throw err;
      });
    return this.configuration;
  }

  /** The provider's authorization URL and the flow state to keep until the callback. */
  async start(returnPath: string): Promise<{ url: string; flow: LoginFlow }> {
    const config = await this.config();
    const flow: LoginFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      returnPath,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, flow };
  }

  /** Exchanges the callback's code; returns the ID token's claims merged with userinfo, and the raw ID token. */
  async finish(callbackUrl: URL, flow: LoginFlow): Promise<{ claims: Record<string, unknown>; idToken?: string }> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    // Providers often put institution and affiliation only in userinfo.
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    return { claims: { ...idClaims, ...userinfo }, idToken: tokens.id_token };
  }

  /** The provider's end-session URL, when it offers one. */
  async endSessionUrl(postLogoutRedirectUri: string, idToken: string | null): Promise<string | null> {
    try {
      const config = await this.config();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    } catch {
      return null; // the local session is already gone; do not strand the person on an error
    }
  }
}
