/**
 * `npm run demo:sso`: the demo app with real single sign-on. Starts an OpenID Connect provider (oidc-provider, the
 * one the tests use) on loopback with an account for each demo user and a first-time employee, then the built app
 * configured to sign in through it. The provider's login page accepts any password.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startOidcProvider, TEST_CLIENT, type TestAccount } from '../src/server/test/oidc-provider.ts';

const port = Number(process.env.PORT ?? 3000);
const appUrl = `http://localhost:${port}`;

const accounts: Record<string, TestAccount> = {
  appadmin: { preferred_username: 'appadmin', name: 'Avery Admin', affiliation: ['employee'] },
  globalreader: { preferred_username: 'globalreader', name: 'Glen Reader', affiliation: ['employee'] },
  instadmin: { preferred_username: 'instadmin', name: 'Indira Institution', institution: 'UBC', affiliation: ['employee'] },
  writer: { preferred_username: 'writer', name: 'Wren Writer', institution: 'UVic', affiliation: ['employee'] },
  reader: { preferred_username: 'reader', name: 'Riley Reader', institution: 'UVic', affiliation: ['employee'] },
  uvicadmin: { preferred_username: 'uvicadmin', name: 'Uma Victoria', institution: 'UVic', affiliation: ['employee'] },
  newuser: { preferred_username: 'newuser', name: 'Noor Newcomer', institution: 'SFU' },
  newstaff: {
    preferred_username: 'newstaff',
    name: 'Nico Firsttime',
    email: 'newstaff@uvic.ca',
    institution: 'UVic',
    affiliation: ['employee'],
  },
};

const provider = await startOidcProvider({ appUrl, accounts });
const app = spawn(process.execPath, ['dist/node/server/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_ENV: 'D',
    PORT: String(port),
    PUBLIC_URL: appUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    // The provider runs on plain http on loopback; never set this against a real provider.
    OIDC_ALLOW_INSECURE: 'true',
    COOKIE_SECRET: randomBytes(32).toString('hex'),
  },
});
console.log(
  `Single sign-on provider at ${provider.issuer}. Open ${appUrl}, choose Sign in, and sign in as one of: ` +
    `${Object.keys(accounts).join(', ')} (any password).`,
);

const stop = () => app.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', async (code) => {
  await provider.close();
  process.exit(code ?? 0);
});
