/**
 * The e2e mail catcher: a real SMTP server (smtp-server) that the portal sends to, and a small
 * HTTP mailbox the tests read the messages from (GET /messages?to=…).
 */
import http from 'node:http';
import { startTestSmtp } from '../../test/smtp';

const smtpPort = Number(process.argv[2] ?? 2525);
const httpPort = Number(process.argv[3] ?? 2526);

async function main() {
  const smtp = await startTestSmtp(smtpPort);
  http
    .createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
      if (url.pathname === '/health') {
        res.end('ok');
        return;
      }
      if (url.pathname === '/messages') {
        const to = url.searchParams.get('to')?.toLowerCase();
        const list = smtp.received.filter((m) => !to || m.to.some((a) => a.toLowerCase() === to));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(list));
        return;
      }
      res.statusCode = 404;
      res.end();
    })
    .listen(httpPort, '127.0.0.1');
  console.log(`e2e mail catcher: smtp ${smtp.url}, mailbox http://127.0.0.1:${httpPort}`);
}

void main();
