import net from 'node:net';

/**
 * A TCP port nothing listens on now, chosen by the system, for a server a journey starts of its own.
 * A fixed port (its database at 54430, say) lies in the range Linux takes the local ports of outgoing
 * connections from, and one CI run found its database's port held by such a connection.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
