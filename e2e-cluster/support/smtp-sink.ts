import net from 'node:net';

/*
 * A tiny SMTP server for the fault tests (e2e-cluster/faults.spec.ts): enough of the protocol for
 * nodemailer without TLS or authentication (EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT), every
 * message kept in memory. It can wait before acknowledging the end of DATA (a slow server), and be closed
 * and opened again on the same port (a server that is down, then back).
 *
 * A message counts as delivered once its final "." has arrived, before the acknowledgement: a real server
 * that has the whole message delivers it even if the client stops waiting for the answer, which is
 * exactly how a client that gives up too early ends up sending the same mail twice.
 */

export interface DeliveredMail {
  from: string;
  recipients: string[];
  /** The Message-ID header as sent (with its angle brackets), or null when there was none. */
  messageId: string | null;
  /** The message as received (headers and body, dot-unstuffed, CRLF line ends). */
  data: string;
  receivedAt: number;
  /** Whether the 250 after DATA reached an open connection (false: the client had gone). */
  acknowledged: boolean;
}

export interface SmtpSinkOptions {
  /** 0 (the default): any free port, kept for reopen(). */
  port?: number;
  /** Milliseconds between the end of DATA and its 250. */
  dataDelayMs?: number;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  /** Every message received since the sink was made (across close and reopen), oldest first. */
  readonly delivered: DeliveredMail[];
  /** Connections accepted so far. */
  readonly connections: number;
  dataDelayMs: number;
  /**
   * The next this many connections are refused with `421` at the greeting (a server that is busy and
   * asks the client to try again later), then closed.
   */
  refuseNext: number;
  /** Connections refused so far (refuseNext). */
  readonly refused: number;
  /** Messages received for one address (case-insensitive). */
  deliveredTo(address: string): DeliveredMail[];
  /** Stops listening and drops every open connection: clients now get "connection refused". */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
}

/** The address inside `MAIL FROM:<a>` or `RCPT TO:<a> …`, lower-cased. */
function addressOf(argument: string): string {
  const inBrackets = /<([^>]*)>/.exec(argument)?.[1];
  return (inBrackets ?? argument.split(/\s+/)[0] ?? '').trim().toLowerCase();
}

/** The Message-ID header of a message's header block (folded lines joined), or null. */
export function messageIdOf(data: string): string | null {
  const headers = data.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = /^message-id:[ \t]*(.+)$/im.exec(unfolded);
  return match?.[1]?.trim() ?? null;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const delivered: DeliveredMail[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  let refused = 0;
  let server: net.Server | null = null;
  let port = options.port ?? 0;

  function session(socket: net.Socket): void {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (sink.refuseNext > 0) {
      sink.refuseNext -= 1;
      refused += 1;
      socket.end('421 4.3.2 Service not available, try again later\r\n');
      return;
    }
    socket.setEncoding('utf8');

    let from: string | null = null;
    let recipients: string[] = [];
    let dataLines: string[] | null = null;
    let buffered = '';
    // Commands are answered in order, one at a time, even while a DATA acknowledgement is held back.
    let answering = Promise.resolve();

    const reply = (line: string) => {
      if (!socket.destroyed && socket.writable) socket.write(`${line}\r\n`);
    };
    const reset = () => {
      from = null;
      recipients = [];
      dataLines = null;
    };

    const endOfData = async (lines: string[]) => {
      const data = lines.join('\r\n') + '\r\n';
      const mail: DeliveredMail = {
        from: from ?? '',
        recipients,
        messageId: messageIdOf(data),
        data,
        receivedAt: Date.now(),
        acknowledged: false,
      };
      delivered.push(mail);
      reset();
      if (sink.dataDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, sink.dataDelayMs));
      mail.acknowledged = !socket.destroyed && socket.writable;
      reply(`250 2.0.0 Ok: queued as ${delivered.length}`);
    };

    const command = async (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      const argument = line.slice(4).trim();
      if (verb === 'EHLO') {
        reset();
        reply('250-sink.localhost');
        reply('250 HELP');
      } else if (verb === 'HELO') {
        reset();
        reply('250 sink.localhost');
      } else if (verb === 'MAIL' && /^FROM:/i.test(argument)) {
        reset();
        from = addressOf(argument.slice(5));
        reply('250 2.1.0 Ok');
      } else if (verb === 'RCPT' && /^TO:/i.test(argument)) {
        if (from === null) return reply('503 5.5.1 MAIL first');
        recipients.push(addressOf(argument.slice(3)));
        reply('250 2.1.5 Ok');
      } else if (verb === 'DATA') {
        if (recipients.length === 0) return reply('503 5.5.1 RCPT first');
        dataLines = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        reset();
        reply('250 2.0.0 Ok');
      } else if (verb === 'NOOP') {
        reply('250 2.0.0 Ok');
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else {
        reply('502 5.5.2 Command not recognised');
      }
    };

    const line = (text: string) => {
      if (dataLines !== null) {
        if (text === '.') {
          const lines = dataLines;
          dataLines = null;
          answering = answering.then(() => endOfData(lines));
        } else {
          dataLines.push(text.startsWith('.') ? text.slice(1) : text);
        }
        return;
      }
      answering = answering.then(() => command(text));
    };

    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        line(buffered.slice(0, end).replace(/\r$/, ''));
        buffered = buffered.slice(end + 1);
        end = buffered.indexOf('\n');
      }
    });
    reply('220 sink.localhost ESMTP test sink');
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer(session);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  const sink: SmtpSink = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    delivered,
    get connections() {
      return connections;
    },
    dataDelayMs: options.dataDelayMs ?? 0,
    refuseNext: 0,
    get refused() {
      return refused;
    },
    deliveredTo: (address: string) =>
      delivered.filter((mail) => mail.recipients.includes(address.trim().toLowerCase())),
    close,
    reopen: async () => {
      if (!server) await listen();
    },
  };
  await listen();
  return sink;
}
