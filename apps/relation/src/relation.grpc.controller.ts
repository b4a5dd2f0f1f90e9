import { Controller } from '@nestjs/common';
import { relationV1 } from '@bi/proto';
import { RelationService } from './relation.service.js';

@Controller()
@relationV1.RelationServiceControllerMethods()
export class RelationGrpcController implements relationV1.RelationServiceController {
  constructor(private readonly relations: RelationService) {}

  listFolders(r: relationV1.ListFoldersRequest) {
    return this.relations.listFolders(r.tab);
  }
  createFolder(r: relationV1.CreateFolderRequest) {
    return this.relations.createFolder(r.tab, r.name);
  }
  renameFolder(r: relationV1.RenameFolderRequest) {
    return this.relations.renameFolder(r.projectId, r.name);
  }
  deleteFolder(r: relationV1.DeleteFolderRequest) {
    return this.relations.deleteFolder(r.projectId);
  }
  createMap(r: relationV1.CreateMapRequest) {
    return this.relations.createMap(r);
  }
  getMap(r: relationV1.GetMapRequest) {
    return this.relations.getMap(r.relationId);
  }
  findMapsByChart(r: relationV1.FindMapsByChartRequest) {
    return this.relations.findMapsByChart(r.tab, r.chartId);
  }
  saveNodes(r: relationV1.SaveNodesRequest) {
    return this.relations.saveNodes(r.relationId, r.nodes, r.actorId);
  }
  renameMap(r: relationV1.RenameMapRequest) {
    return this.relations.renameMap(r.relationId, r.name, r.actorId);
  }
  deleteMap(r: relationV1.DeleteMapRequest) {
    return this.relations.deleteMap(r.relationId);
  }
  listMapRevisions(r: relationV1.MapRevisionRequest) {
    return this.relations.listRevisions(r);
  }
  diffMapRevision(r: relationV1.MapRevisionRequest) {
    return this.relations.diffRevision(r);
  }
  restoreMapRevision(r: relationV1.MapRevisionRequest) {
    return this.relations.restoreRevision(r);
  }
}
