// A tiny SMTP server on an ephemeral port for the mail adapter's tests (node:net, RFC 5321 subset): EHLO/HELO,
// AUTH PLAIN (when a user is configured), MAIL FROM, RCPT TO (addresses listed in `refuse` get 550), DATA with dot
// unstuffing, RSET, NOOP, QUIT. No TLS: the adapter's settings allow a plain connection only to this machine.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body, CRLF line ends). */
  raw: string;
}

export interface SmtpReceiverOptions {
  /** Require AUTH PLAIN with these credentials before MAIL. */
  auth?: { user: string; pass: string };
  /** Recipients the server refuses (550). */
  refuse?: string[];
}

export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly options: SmtpReceiverOptions = {}) {}

  async start(): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let authenticated = !this.options.auth;
    let from: string | null = null;
    let to: string[] = [];
    let data: string[] | null = null;

    const command = (line: string) => {
      const verb = line.split(' ')[0]!.toUpperCase();
      const argument = line.slice(verb.length).trim();
      switch (verb) {
        case 'EHLO':
          reply('250-fake.smtp.test');
          if (this.options.auth) reply('250-AUTH PLAIN');
          reply('250-8BITMIME');
          return reply('250 SMTPUTF8');
        case 'HELO':
          return reply('250 fake.smtp.test');
        case 'AUTH': {
          const [mechanism, initial] = argument.split(' ');
          if (mechanism?.toUpperCase() !== 'PLAIN' || !initial) return reply('504 5.5.4 Unrecognized authentication type');
          const [, user, pass] = Buffer.from(initial, 'base64').toString('utf8').split('\0');
          if (user === this.options.auth?.user && pass === this.options.auth?.pass) {
            authenticated = true;
            return reply('235 2.7.0 Authentication successful');
          }
          return reply('535 5.7.8 Authentication credentials invalid');
        }
        case 'MAIL': {
          if (!authenticated) return reply('530 5.7.0 Authentication required');
          from = /^FROM:\s*<([^>]*)>/i.exec(argument)?.[1] ?? null;
          to = [];
          return from === null ? reply('501 5.5.4 Syntax error in MAIL command') : reply('250 2.1.0 OK');
        }
        case 'RCPT': {
          if (from === null) return reply('503 5.5.1 MAIL first');
          const address = /^TO:\s*<([^>]+)>/i.exec(argument)?.[1];
          if (!address) return reply('501 5.5.4 Syntax error in RCPT command');
          if (this.options.refuse?.includes(address.toLowerCase())) return reply('550 5.1.1 No such user here');
          to.push(address);
          return reply('250 2.1.5 OK');
        }
        case 'DATA':
          if (to.length === 0) return reply('554 5.5.1 No valid recipients');
          data = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          from = null;
          to = [];
          return reply('250 2.0.0 OK');
        case 'NOOP':
          return reply('250 2.0.0 OK');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          return socket.end();
        default:
          return reply('502 5.5.2 Command not recognized');
      }
    };

    reply('220 fake.smtp.test ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            this.received.push({ from: from ?? '', to, raw: data.join('\r\n') });
            data = null;
            from = null;
            to = [];
            reply('250 2.0.0 OK queued');
          } else data.push(line.startsWith('.') ? line.slice(1) : line);
        } else command(line);
      }
    });
  }
}

/** Headers (lower-case names, unfolded) and body of a MIME entity. */
function entity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The headers and the text and HTML alternatives of a received message (what a mail client shows). */
export function readMessage(raw: string): { headers: Record<string, string>; text: string | null; html: string | null } {
  const top = entity(raw);
  const result = { headers: top.headers, text: null as string | null, html: null as string | null };
  const visit = (part: { headers: Record<string, string>; body: string }) => {
    const type = part.headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const pieces = part.body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith('--')) break;
        visit(entity(piece.replace(/^\r\n/, '').replace(/\r\n$/, '')));
      }
      return;
    }
    // Lines travel as CRLF over SMTP; a mail client shows them as lines.
    const decoded = decode(part.body, part.headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
    if (type.toLowerCase().startsWith('text/html')) result.html = decoded;
    else if (type.toLowerCase().startsWith('text/plain')) result.text = decoded;
  };
  visit(top);
  return result;
}
