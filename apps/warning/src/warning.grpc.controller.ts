import { Controller } from '@nestjs/common';
import { warningV1 } from '@bi/proto';
import { robotRecipient } from '@bi/delivery';
import { AlertDeliveries } from './channels.js';
import { AppError } from '@bi/core';
import { LANGUAGES } from '@bi/i18n';
import { MessagesService } from './messages.service.js';
import { SubscriptionsService, type Caller } from './subscriptions/subscriptions.service.js';
import { Robots } from './robots.js';
import { WarningEngine } from './warning.engine.js';

@Controller()
@warningV1.WarningServiceControllerMethods()
export class WarningGrpcController implements warningV1.WarningServiceController {
  constructor(
    private readonly messages: MessagesService,
    private readonly engine: WarningEngine,
    private readonly robots: Robots,
    private readonly deliveries: AlertDeliveries,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  listMessages(r: warningV1.ListMessagesRequest) {
    return this.messages.list(r);
  }
  setAllRead(r: warningV1.SetAllReadRequest) {
    return this.messages.setAllRead(r.userId);
  }
  readMessage(r: warningV1.ReadMessageRequest) {
    return this.messages.read(r.userId, r.warnMessageId);
  }
  keepChart(r: warningV1.KeepChartRequest) {
    return this.engine.keepChart(r);
  }
  ruleStates(r: warningV1.RuleStatesRequest) {
    return this.engine.ruleStates(r.chartId);
  }
  evaluateDue(r: warningV1.EvaluateDueRequest) {
    const at = r.at ? new Date(r.at) : undefined;
    return this.engine.evaluateDue(at && !Number.isNaN(at.getTime()) ? at : undefined);
  }
  listRobots() {
    return this.robots.list();
  }
  saveRobot(r: warningV1.SaveRobotRequest) {
    return this.robots.save(r);
  }
  deleteRobot(r: warningV1.DeleteRobotRequest) {
    return this.robots.delete(r.id);
  }
  async sendToRobot(r: warningV1.SendToRobotRequest): Promise<warningV1.SendToRobotReply> {
    const robot = await this.robots.get(r.robotId);
    const outcome = await this.deliveries.sendNow(robot.vendor, robotRecipient(robot.id), {
      title: r.title,
      text: r.text,
      link: r.link,
      linkText: r.linkText,
      eventId: r.eventId,
      ...(r.imagePng?.length ? { imageBase64: Buffer.from(r.imagePng).toString('base64') } : {}),
    });
    return { status: outcome.kind, reason: outcome.kind === 'sent' ? '' : outcome.reason, vendor: robot.vendor };
  }
  async saveSubscription(r: warningV1.SaveSubscriptionRequest) {
    return { subscriptionJson: JSON.stringify(await this.subscriptions.save(callerOf(r.caller), r.subscriptionJson)) };
  }
  async deleteSubscription(r: warningV1.SubscriptionIdRequest) {
    return { deleted: await this.subscriptions.delete(callerOf(r.caller), r.id) };
  }
  async listSubscriptions(r: warningV1.ListSubscriptionsRequest) {
    return { subscriptionsJson: JSON.stringify(await this.subscriptions.list(callerOf(r.caller), r.all)) };
  }
  async subscriptionRuns(r: warningV1.SubscriptionIdRequest) {
    return { runsJson: JSON.stringify(await this.subscriptions.runs(callerOf(r.caller), r.id)) };
  }
  async sendSubscriptionNow(r: warningV1.SubscriptionIdRequest) {
    return { runJson: JSON.stringify(await this.subscriptions.sendNow(callerOf(r.caller), r.id)) };
  }
  async previewSubscription(r: warningV1.SaveSubscriptionRequest) {
    const p = await this.subscriptions.preview(callerOf(r.caller), r.subscriptionJson);
    return { subject: p.subject, html: p.html, text: p.text, attachmentsJson: JSON.stringify(p.attachments) };
  }
  async runDueSubscriptions() {
    return { runs: await this.subscriptions.runDueNow() };
  }
}

/** The caller the BFF authenticated (a subscription call without one is refused). */
function callerOf(c: warningV1.SubscriptionCaller | undefined): Caller {
  if (!c?.userId) throw new AppError('unauthenticated', 'auth.forbidden');
  const language = LANGUAGES.find((l) => l === c.language) ?? 'zh-CN';
  return { userId: c.userId, userName: c.userName, isAdmin: c.isAdmin, language };
}
