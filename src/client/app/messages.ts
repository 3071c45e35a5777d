/**
 * The words of the application shell (header, banner, footer, error pages). Words that features or the shared
 * pieces also say are in ui/common-words.ts; each feature's own words in its messages.ts; the error
 * catalogue (docs/product.md §6.4) in src/shared/messages.ts.
 */
export const APP_UI = {
  accountActions: 'Your account',
  banner: {
    region: 'Site notice',
    moreInformation: 'More information',
    typeLabel: { info: 'Notice', success: 'Notice', warning: 'Warning', error: 'Important' },
  },
  footer: {
    region: 'Site footer',
    addressTitle: 'Address',
    phone: 'Phone',
    linksTitle: 'Contact and information',
    legalTitle: 'About this site',
    maps: 'Maps',
    hours: 'Hours',
    terms: 'Terms of use',
    accessibility: 'Accessibility',
    emergency: 'Emergency contacts',
    feedback: 'Website feedback',
  },
  statusText: {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Payload Too Large',
    425: 'Too Early',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  } as Record<number, string>,
  unknownStatusText: 'Error',
  errorPage: {
    clientError: 'The request could not be completed. Check the address, or go back and try again.',
    fatalTitle: 'The page stopped working',
  },
} as const;
