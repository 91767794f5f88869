import { createServer as createNetServer } from "node:net";
import smpp, { type Pdu, type Session } from "smpp";

// A real SMPP 3.4 peer for the tests, from the `smpp` package: it binds transceivers (or refuses
// them), answers submit_sm with a message id, can drop the session instead of answering, and
// sends delivery receipts. It can be stopped and started again on the same port.

export type ReceivedSms = {
  id: string;
  to: string;
  from: string;
  dataCoding: number;
  /** The text decoded from its data_coding (GSM 03.38 or UCS-2). */
  text: string;
  /** Septets or UCS-2 units, as they travelled. */
  bytes: number;
  registeredDelivery: number;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type TestSmppServer = Awaited<ReturnType<typeof startSmppServer>>;

export async function startSmppServer({
  systemId = "horizon",
  password = "s3cret",
  port: givenPort,
}: {
  systemId?: string;
  password?: string;
  port?: number;
} = {}) {
  const port = givenPort ?? (await freePort());
  const received: ReceivedSms[] = [];
  const sessions = new Set<Session>();
  let binds = 0;
  let counter = 0;
  const state = {
    /** The next submit_sm closes the session unanswered (and is not kept). */
    dropNextSubmit: false,
  };
  let server: ReturnType<typeof smpp.createServer> | undefined;

  function onSession(session: Session) {
    sessions.add(session);
    session.on("error", () => {});
    session.on("close", () => sessions.delete(session));
    session.on("bind_transceiver", (pdu: Pdu) => {
      if (pdu.system_id !== systemId || pdu.password !== password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      binds += 1;
      session.send(pdu.response({ system_id: "test-smsc" }));
    });
    session.on("enquire_link", (pdu: Pdu) => {
      session.send(pdu.response());
    });
    session.on("unbind", (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("submit_sm", (pdu: Pdu) => {
      if (state.dropNextSubmit) {
        state.dropNextSubmit = false;
        session.destroy();
        return;
      }
      counter += 1;
      const id = `smsc-${counter}`;
      const dataCoding = Number(pdu.data_coding ?? 0);
      const carried = (pdu.message_payload ?? pdu.short_message) as { message?: unknown } | Buffer;
      const message = Buffer.isBuffer(carried) ? carried : carried?.message;
      const text =
        typeof message === "string"
          ? message
          : Buffer.isBuffer(message)
            ? dataCoding === 8
              ? smpp.encodings.UCS2.decode(message)
              : smpp.encodings.ASCII.decode(message)
            : "";
      const raw =
        dataCoding === 8 ? smpp.encodings.UCS2.encode(text) : smpp.encodings.ASCII.encode(text);
      received.push({
        id,
        to: String(pdu.destination_addr),
        from: String(pdu.source_addr),
        dataCoding,
        text,
        bytes: dataCoding === 8 ? raw.length / 2 : raw.length,
        registeredDelivery: Number(pdu.registered_delivery ?? 0),
      });
      session.send(pdu.response({ message_id: id }));
    });
  }

  async function listen() {
    server = smpp.createServer(onSession);
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once("error", reject);
      current.listen(port, "127.0.0.1", () => resolve());
    });
  }

  await listen();

  return {
    port,
    url: (credentials = `${systemId}:${password}`) => `smpp://${credentials}@127.0.0.1:${port}`,
    received,
    state,
    binds: () => binds,
    sessionCount: () => sessions.size,
    /** A delivery receipt for `id` on every bound session (the sender listens on its own). */
    sendReceipt(id: string, stat = "DELIVRD") {
      const text = `id:${id} sub:001 dlvrd:001 submit date:2611251200 done date:2611251201 stat:${stat} err:000 text:`;
      for (const session of sessions) {
        session.deliver_sm({
          source_addr: "2250708091011",
          destination_addr: "HorizonCred",
          esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
          short_message: text,
          receipted_message_id: id,
          message_state: stat === "DELIVRD" ? 2 : 5,
        });
      }
    },
    /** Stops listening and drops every session (the SMS centre goes down). */
    async stop() {
      const current = server;
      server = undefined;
      for (const session of sessions) session.destroy();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    /** Listens again on the same port. */
    restart: listen,
  };
}
