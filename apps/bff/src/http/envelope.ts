/** Every answer of the REST API: {status: 'success' | 'fail', data}; on fail, data is the message text. */
export interface Envelope<T = unknown> {
  status: 'success' | 'fail';
  data: T;
}

export const success = <T>(data: T): Envelope<T> => ({ status: 'success', data });
export const fail = (message: string): Envelope<string> => ({ status: 'fail', data: message });
