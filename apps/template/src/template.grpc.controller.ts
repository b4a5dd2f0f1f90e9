import { Controller } from '@nestjs/common';
import { templateV1 } from '@bi/proto';
import { TemplateStore } from './template.store.js';

/** TemplateService (proto/template): published templates and their versions. */
@Controller()
@templateV1.TemplateServiceControllerMethods()
export class TemplateGrpcController implements templateV1.TemplateServiceController {
  constructor(private readonly store: TemplateStore) {}

  publish(r: templateV1.PublishRequest) {
    return this.store.publish(r);
  }
  findByOrigin(r: templateV1.FindByOriginRequest) {
    return this.store.findByOrigin(r.kind, r.originId);
  }
  findByItem(r: templateV1.FindByItemRequest) {
    return this.store.findByItem(r.itemId);
  }
  async list() {
    return { templates: await this.store.list() };
  }
  listTemplateRevisions(r: templateV1.TemplateRevisionRequest) {
    return this.store.listRevisions(r);
  }
  diffTemplateRevision(r: templateV1.TemplateRevisionRequest) {
    return this.store.diffRevision(r);
  }
}
