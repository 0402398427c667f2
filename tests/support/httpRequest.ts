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
