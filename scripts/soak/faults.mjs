import net from 'node:net';
import { ADMIN, BOUNDARY, PDF } from './requests.mjs';

/** The soak run's faults (scripts/soak.mjs): aborted uploads, dropped connections, half-sent requests. */

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Faults against the Worker on `port` (`base`), looping from start() until stop(). */
export function faultInjector({ port, base }) {
  const faults = { 'aborted uploads': 0, 'dropped connections': 0, 'half-sent requests': 0 };
  let faultsRunning = true;

  function rawSocket(write, destroyAfterMs) {
    return new Promise((resolvePromise) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => resolvePromise());
      socket.on('connect', () => {
        write(socket);
        setTimeout(() => {
          socket.destroy();
          resolvePromise();
        }, destroyAfterMs);
      });
      socket.on('data', () => {});
    });
  }

  let adminToken = null;
  async function getAdminToken() {
    try {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      adminToken = res.ok ? (await res.json()).token : adminToken;
    } catch {
      // the Worker is restarting; try later
    }
  }

  async function loop() {
    await getAdminToken();
    while (faultsRunning) {
      // An upload that declares 8 MiB, sends the multipart head and 64 KiB of a PDF, then hangs up.
      await rawSocket((s) => {
        const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="aborted.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
        s.write(
          `POST /api/v2/materials/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${adminToken}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${8 * 1024 * 1024}\r\n\r\n`,
        );
        s.write(head);
        s.write(Buffer.concat([PDF, Buffer.alloc(64 * 1024, 0x41)]));
      }, 300);
      faults['aborted uploads'] += 1;
      // A request sent whole, the connection dropped before the answer is read.
      await rawSocket(
        (s) =>
          s.write(
            `GET /api/v2/user/courses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${adminToken}\r\n\r\n`,
          ),
        1,
      );
      faults['dropped connections'] += 1;
      // Half a request line and headers, then gone.
      await rawSocket(
        (s) =>
          s.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Le'),
        50,
      );
      faults['half-sent requests'] += 1;
      await sleep(1000);
    }
  }

  return {
    faults,
    start: loop,
    stop: () => {
      faultsRunning = false;
    },
    getAdminToken,
  };
}
