/**
 * Host names the server answers to (decision 015). A page on a domain its owner points at this server (DNS
 * rebinding) is, to the browser, on that domain: its requests are "same-origin" and carry that domain's name in
 * `Host`. Answering only to our own names stops such pages from talking to the app at all.
 */

/** `name` or `name:port`, where the name is a DNS name, an IPv4 address or a bracketed IPv6 address. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/;

/**
 * The host name a `Host` (or `X-Forwarded-Host`) value names, lower-cased and normalised as a browser would
 * (`LocalHost:3000` → `localhost`, `127.1` → `127.0.0.1`, `[0:0::1]` → `[::1]`); null when it is not a host.
 * The port is dropped: a rebinding page can use any port, so only the name tells our pages from others.
 */
export function hostNameOf(value: string | undefined): string | null {
  if (value === undefined || !HOST_HEADER.test(value)) return null;
  try {
    const hostname = new URL(`http://${value}`).hostname;
    return hostname === '' ? null : hostname;
  } catch {
    return null;
  }
}

/** localhost, 127.0.0.0/8 and [::1]: names no other site can point at this machine. */
export function isLoopbackHostName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export interface HostRule {
  /** Normalised host names (`hostNameOf`) allowed besides loopback. */
  names: readonly string[];
  /** Development: any loopback name is allowed too. */
  loopback: boolean;
}

/** Whether a Host value names this server under the rule. */
export function isAllowedHost(value: string | undefined, rule: HostRule): boolean {
  const hostname = hostNameOf(value);
  if (hostname === null) return false;
  return (rule.loopback && isLoopbackHostName(hostname)) || rule.names.includes(hostname);
}
