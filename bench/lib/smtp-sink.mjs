// A real SMTP server (the `smtp-server` package) that accepts every message and counts it, run as
// its own process so that the mail the hub sends during the bench does not load the load generator.
// Started by `startSmtpSink()` with fork(); answers { port } once listening and { received } on 'count'.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const startSmtpSink = async () => {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`SMTP sink exited with ${code}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message.received));
        child.send('count');
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    },
  };
};

if (process.argv.includes('--serve')) {
  const { SMTPServer } = await import('smtp-server');
  let received = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
  process.on('message', (message) => {
    if (message === 'count') process.send({ received });
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
