import { Controller } from '@nestjs/common';
import { warningV1 } from '@bi/proto';
import { MessagesService } from './messages.service.js';
import { WarningEngine } from './warning.engine.js';

@Controller()
@warningV1.WarningServiceControllerMethods()
export class WarningGrpcController implements warningV1.WarningServiceController {
  constructor(
    private readonly messages: MessagesService,
    private readonly engine: WarningEngine,
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
}
