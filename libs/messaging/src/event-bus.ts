/** Messaging port: the in-process adapter here, Kafka in distributed mode. */
export interface BusMessage {
  topic: string;
  /** Partition key: messages with one key are delivered in order. */
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface Subscription {
  close(): Promise<void>;
}

export interface EventBus {
  publish(messages: readonly BusMessage[]): Promise<void>;
  /** Each group gets every message of the topic once; handlers of one group share the work. */
  subscribe(topic: string, groupId: string, handler: MessageHandler): Promise<Subscription>;
  close(): Promise<void>;
}

export const DEAD_LETTER_SUFFIX = '.dead-letter';
