// The parts of the `smpp` package (no published types) that the SMS sender and its tests use.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export type Pdu = {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): Pdu;
  };

  export class Session extends EventEmitter {
    socket: import("node:net").Socket;
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  type ConnectOptions = {
    host: string;
    port: number;
    tls?: boolean;
    auto_enquire_link_period?: number;
    [option: string]: unknown;
  };

  const smpp: {
    connect(options: ConnectOptions, listener?: () => void): Session;
    createServer(listener: (session: Session) => void): Server;
    encodings: {
      ASCII: { encode(value: string): Buffer; decode(value: Buffer): string };
      UCS2: { encode(value: string): Buffer; decode(value: Buffer): string };
    };
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RINVPASWD: number;
    ESM_CLASS: { MC_DELIVERY_RECEIPT: number; [name: string]: number };
  };
  export default smpp;
}
