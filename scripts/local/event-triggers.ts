/**
 * The event entry points of lambdas/triggers.ts in the local stack, as S3 notifications and EventBridge rules deliver
 * them on AWS: s3rver's ObjectCreated records under a trigger's prefix go to its function, and events put on the local
 * bus (by the MediaConvert stand-in) go to the functions whose rule matches, and notifications published on a topic
 * (by the SES stand-in's mailbox simulator, scripts/local/mail-queue.ts) to the topic's functions. Same handlers, called in-process,
 * asynchronously like Lambda's event invocations (a failure is logged, not returned to the sender).
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { S3Event, S3EventRecord, SNSEvent } from 'aws-lambda';
import {
  eventTriggers,
  notificationTriggers,
  s3UploadTriggers,
  triggerFunctions,
  type NotificationTrigger,
  type TriggerFunctionName,
} from '../../lambdas/triggers';
import type { JobStateEvent } from '../../lambdas/lib/transcoding-job';

type EventHandler = (event: unknown) => Promise<unknown>;

const repoRoot = join(__dirname, '..', '..');
const handlers = new Map<TriggerFunctionName, Promise<EventHandler>>();

/** The handler of a function of lambdas/triggers.ts, loaded in-process once. */
export function triggerHandler(name: TriggerFunctionName): Promise<EventHandler> {
  let handler = handlers.get(name);
  if (!handler) {
    handler = import(join(repoRoot, triggerFunctions[name].entry)).then((module: { handler: EventHandler }) => module.handler);
    handlers.set(name, handler);
  }
  return handler;
}

export interface LocalEventTriggers {
  /** EventBridge's PutEvents on the default bus. */
  putEvent(event: JobStateEvent): Promise<void>;
  /** SNS's Publish on a topic: the message goes to the topic's functions. */
  publish(topic: NotificationTrigger['topic'], message: string): Promise<void>;
  /** Resolves when every delivery started so far has been handled. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventTriggers(options: {
  s3Events: EventEmitter;
  /** The product's buckets by their names in the registry. */
  buckets: Record<'uploads' | 'videos', string>;
  log: (line: string) => void;
}): LocalEventTriggers {
  const pending = new Set<Promise<void>>();
  const invoke = (name: TriggerFunctionName, event: unknown) => {
    const delivery = triggerHandler(name)
      .then((handler) => handler(event))
      .then(
        () => undefined,
        (error: unknown) => options.log(`${name} failed on an event: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      )
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
    return delivery;
  };

  const onS3Event = (event: S3Event) => {
    for (const record of event.Records) {
      if (!record.eventName.startsWith('ObjectCreated:')) continue;
      for (const trigger of s3UploadTriggers) {
        if (record.s3.bucket.name !== options.buckets[trigger.bucket] || !record.s3.object.key.startsWith(trigger.prefix)) continue;
        void invoke(trigger.function, { Records: [asDelivered(record)] });
      }
    }
  };
  options.s3Events.on('event', onS3Event);

  const idle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };
  return {
    async putEvent(event) {
      const matching = eventTriggers.filter(
        (rule) =>
          rule.source === event.source &&
          rule.detailType === event['detail-type'] &&
          (rule.statuses as readonly string[]).includes(event.detail.status),
      );
      await Promise.all(matching.map((rule) => invoke(rule.function, event)));
    },
    async publish(topic, message) {
      const event = {
        Records: [
          { EventSource: 'aws:sns', Sns: { Type: 'Notification', MessageId: randomUUID(), Message: message, Timestamp: new Date().toISOString() } },
        ],
      };
      const subscribed = notificationTriggers.filter((trigger) => trigger.topic === topic);
      await Promise.all(subscribed.map((trigger) => invoke(trigger.function, event as unknown as SNSEvent)));
    },
    idle,
    async stop() {
      options.s3Events.off('event', onS3Event);
      await idle();
    },
  };
}

/** S3 sends object keys URL-encoded (a space as "+"); s3rver sends them raw. */
function asDelivered(record: S3EventRecord): S3EventRecord {
  const key = record.s3.object.key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%20/g, '+'))
    .join('/');
  return { ...record, s3: { ...record.s3, object: { ...record.s3.object, key } } };
}
