import { createTopicsWithLeaders } from './kafka-event-bus.js';

const unknownTopic = () => Object.assign(new Error('This server does not host this topic-partition'), { retriable: true, type: 'UNKNOWN_TOPIC_OR_PARTITION' });
const partitions = (leader: number) => [{ partitionId: 0, leader, replicas: [1], isr: [1], partitionErrorCode: 0 }];

function fakeAdmin(answers: Array<() => unknown>) {
  const calls = { create: 0, metadata: 0 };
  return {
    calls,
    admin: {
      createTopics: async () => {
        calls.create++;
        return calls.create === 1;
      },
      fetchTopicMetadata: async ({ topics }: { topics: string[] }) => {
        const answer = answers[Math.min(calls.metadata++, answers.length - 1)]!;
        const value = answer();
        return { topics: topics.map((name) => ({ name, partitions: value as ReturnType<typeof partitions> })) };
      },
    },
  };
}

describe('createTopicsWithLeaders', () => {
  it('keeps asking while the broker does not know the new topic yet, then returns once every partition has a leader', async () => {
    const { admin, calls } = fakeAdmin([
      () => {
        throw unknownTopic();
      },
      () => partitions(-1),
      () => partitions(1),
    ]);
    await createTopicsWithLeaders(admin as never, ['bi.a', 'bi.a.dlq'], { partitions: 3, waitMs: 10_000 });
    expect(calls.metadata).toBe(3);
    expect(calls.create).toBe(3);
  });

  it('gives up on an error that is not retriable', async () => {
    const { admin } = fakeAdmin([
      () => {
        throw new Error('authorization failed');
      },
    ]);
    await expect(createTopicsWithLeaders(admin as never, ['bi.a'], { partitions: 3, waitMs: 10_000 })).rejects.toThrow('authorization failed');
  });

  it('gives up after the deadline when the topic never gets a leader', async () => {
    const { admin } = fakeAdmin([() => partitions(-1)]);
    await expect(createTopicsWithLeaders(admin as never, ['bi.a'], { partitions: 3, waitMs: 0 })).rejects.toThrow('no leader yet: bi.a');
  });
});
