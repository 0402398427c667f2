// An HTTP function's request and response as firebase-functions (Express) hands them over, for the widget sandboxes'
// page handlers (tests/adapters/*Sandbox.test.ts): the form fields go in the query (GET) or the body (POST), and the
// status, headers and body the handler sends are kept.

export interface SentResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Handler = (request: never, response: never) => unknown;

export async function callHttpHandler(handler: Handler, method: 'GET' | 'POST' | 'PUT', fields: Record<string, string>): Promise<SentResponse> {
  const sent: SentResponse = { status: 0, headers: {}, body: '' };
  const response = {
    status(code: number) {
      sent.status = code;
      return response;
    },
    set(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return response;
    },
    send(body: string) {
      sent.body = body;
      return response;
    },
  };
  await handler({ method, query: method === 'GET' ? fields : {}, body: method === 'POST' ? fields : {} } as never, response as never);
  return sent;
}

/**
 * Runs a sandbox page's message script (its one inline <script>) as a browser framed by `parentOrigin` would, and
 * answers what it posted to the parent frame and for which origin.
 */
export function postedByPageScript(html: string, parentOrigin: string | undefined): { message: unknown; target: string }[] {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error('the page has no inline script');
  const posted: { message: unknown; target: string }[] = [];
  const window = {
    location: { ancestorOrigins: parentOrigin ? [parentOrigin] : undefined },
    parent: { postMessage: (message: unknown, target: string) => posted.push({ message, target }) },
  };
  new Function('window', script)(window);
  return posted;
}
