/**
 * The authorization matrix (issue 17, docs/api/sharing.md): what every route of the OpenAPI document
 * answers each caller, checked by authorization-matrix.integration-spec.ts. One line per route:
 * [anonymous, viewer, analyst, owner, admin], where
 * - owner is an analyst who created the source the request names (not shared with anyone);
 * - 'allow': a 2xx answer; 'deny': 401 or 403;
 * - 'nodata': 200 with the no-permission chart state ({dataSourceAuth: false}, no data);
 * - 'failed': 200 with a publish failure log naming the source (the caller may not share it);
 * - a number: that HTTP status (the route was reached and refused the request for another reason).
 * Requests are ones that would succeed for a caller with the rights (the spec file builds them).
 *
 * The last column is the row-rule dimension (issue 26; checked by row-rule-matrix.integration-spec.ts):
 * - 'rows': the route answers rows of a source; a caller restricted by row-level rules (a restricted
 *   viewer and a restricted analyst) sees only their rows in it, and sees some;
 * - 'whole': the route answers a whole source; refused (403) to a caller whom rules restrict;
 * - '-': the route answers no rows of a source (settings, lists, writes); the spec scans the GET ones
 *   among them for rows anyway.
 */
export const CALLERS = ['anonymous', 'viewer', 'analyst', 'owner', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = 'allow' | 'deny' | 'nodata' | 'failed' | number;
export type RowRuleClass = 'rows' | 'whole' | '-';
export type MatrixLine = [Expected, Expected, Expected, Expected, Expected, RowRuleClass];

// prettier-ignore
export const AUTHORIZATION_MATRIX: Record<string, MatrixLine> = {
  //                                                          anonymous, viewer, analyst, owner, admin, row rules
  'DELETE /api/dashboard/chart/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'DELETE /api/dashboard/project/{tab}/{projectId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'DELETE /api/dashboard/{tab}/{dashboardId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'DELETE /api/data_source/deleteExcelData/{tableName}': ['deny', 'deny', 'deny', 400, 400, '-'],
  'DELETE /api/data_source/deleteExcelData/{tableName}/{keyIds}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'DELETE /api/data_source/proj/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'DELETE /api/data_source/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/chart-edit/charts/{type}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/chart-edit/dataSources': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/chart-edit/warn/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/dashboard/all_charts/{tab}/{dashboardId}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/dashboard/data_source': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/dashboard/projects/{tab}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/dashboard/schema/{apiName}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/dashboard/{apiName}/{dashboardId}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/data_source/data_history/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/datasourceById/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/datasource_charts/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/dependents/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/export/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', 'whole'],
  'GET /api/data_source/head/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/join_table/{id}': ['deny', 'deny', 404, 'allow', 'allow', '-'],
  'GET /api/data_source/join_table_fields/{showName}/{dataSourceId}': ['deny', 'deny', 404, 'allow', 'allow', '-'],
  'GET /api/data_source/join_table_projs': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'GET /api/data_source/projs': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'GET /api/data_source/projsById/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'GET /api/data_source/roles_users': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'GET /api/data_source/roles_users/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/row_rules/{dataSourceId}': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/data_source/sync/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/data_source/template_datasource': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'GET /api/data_source/topds/{dataSourceId}/{count}': ['deny', 'deny', 'deny', 'allow', 'allow', 'whole'],
  'GET /api/health/live': ['allow', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/health/ready': ['allow', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/identity/admin/audit': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/identity/admin/grants': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/identity/admin/roles': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/identity/admin/users': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/identity/admin/users/{userId}/grants': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/identity/get-shipment-modules-data/datasource': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/identity/logout/{userName}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/chart-edit/change/{tab}/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/chart-edit/chart/{tab}/{chartId}': ['deny', 'nodata', 'nodata', 'allow', 'allow', 'rows'],
  'POST /api/chart-edit/{tab}/{dashboardId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/dashboard/all_details/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', 'rows'],
  'POST /api/dashboard/chart/{tab}/{chartId}': ['deny', 'nodata', 'nodata', 'allow', 'allow', 'rows'],
  'POST /api/dashboard/charts/{tab}': ['deny', 'nodata', 'nodata', 'allow', 'allow', 'rows'],
  'POST /api/dashboard/first_screen/{tab}/{dashboardId}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/dashboard/copy/{tab}/{dashboardId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/dashboard/copy_chart/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/dashboard/linkage/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/global_filter/{tab}/{dashboardId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/global_filter/range/{tab}/{dashboardId}': ['deny', 'deny', 'deny', 'allow', 'allow', 'rows'],
  'POST /api/dashboard/detail/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', 'rows'],
  'POST /api/dashboard/export_details/{tab}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', 'rows'],
  'POST /api/field/inner_range': ['deny', 'deny', 'deny', 'allow', 'allow', 'rows'],
  'POST /api/dashboard/hide_setting/{tab}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/dashboard/project/{tab}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/dashboard/sort/{tab}/{id}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/dashboard/{tab}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/data_source/batch_publish': ['deny', 'deny', 'failed', 'allow', 'allow', '-'],
  'POST /api/data_source/join_table_add/{project}': ['deny', 'deny', 404, 'allow', 'allow', '-'],
  'POST /api/data_source/join_table_preview': ['deny', 'deny', 404, 'allow', 'allow', 'whole'],
  'POST /api/data_source/join_table_update': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/data_source/proj': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/data_source/sort/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/data_source/publish/{dataSourceId}': ['deny', 'deny', 'failed', 'allow', 'allow', '-'],
  'POST /api/data_source/repoint/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  // the matrix's fixture source is live (no sync): the refusal 400 'sync.not_synced' once the caller may edit it
  'POST /api/data_source/sync/{dataSourceId}': ['deny', 'deny', 'deny', 400, 400, '-'],
  'POST /api/data_source/source': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'POST /api/data_source/sql': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'POST /api/excel_upload/Remove_field': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/excel_upload/import/{action}': ['deny', 'deny', 404, 404, 404, '-'],
  'POST /api/excel_upload/upload/{action}': ['deny', 'deny', 400, 400, 400, '-'],
  'POST /api/identity/admin/users': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'POST /api/identity/admin/users/{userId}/password': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'POST /api/identity/login': ['allow', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/identity/password': ['deny', 400, 400, 400, 400, '-'],
  'PUT /api/identity/language': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'PUT /api/chart-edit/batch-edit-datasource/{tab}/{projectId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/chart-edit/change-custom-option/{tab}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/chart-edit/warn/{tab}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  // relation maps (docs/api/relation.md): the map of the fixtures was created by owner and shared with no one
  'GET /api/relation/projects/{tabType}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/relation/proj/{tabType}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'PUT /api/relation/project/{tabType}/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'DELETE /api/relation/proj/{tabType}/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/relation/create/{tabType}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/relation/generate/{tabType}/{dashboardId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'POST /api/relation/relation-option/{tabType}/{chartId}': ['deny', 'deny', 'deny', 'allow', 'allow', 'rows'],
  'GET /api/relation/relation-concatenate/{tabType}/{relationId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/relation/treedata/{relationId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/relation/change': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/relation/relation-charts/{type}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'DELETE /api/relation/delete/{relationId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/relation/relation-rename': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/relation/roles_users/{relationId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/relation/publish/{relationId}/{name}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/template/export/{kind}/{id}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/template/info/{dashboardId}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/template/import/sources': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/template/import': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'GET /api/template/publish_menu': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/template/roles_users': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/template/sources/{kind}/{id}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'GET /api/template/templates': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'POST /api/template/copy/{dashboardId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/template/projCopy/{projectId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'POST /api/template/publish/{kind}/{id}/{name}/{extra}': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'GET /api/warnmessage/message/{userName}': ['deny', 'allow', 'allow', 'allow', 'allow', 'rows'],
  'GET /api/warnmessage/stream': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'PUT /api/warnmessage/setallread/{userName}': ['deny', 'allow', 'allow', 'allow', 'allow', '-'],
  'PUT /api/warnmessage/readmessage/{id}': ['deny', 404, 404, 404, 404, '-'],
  'PUT /api/chart-edit/{tab}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/dashboard/aspect_changed/{apiName}/{dashboardId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'PUT /api/dashboard/move-dashboard/{tab}/{dashboardId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'PUT /api/dashboard/project/{tab}/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'PUT /api/dashboard/{tab}/{dashboardId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'PUT /api/data_source/batch-edit-datasource/{projectId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/data_source/project/{projectId}': ['deny', 'deny', 'allow', 'allow', 'allow', '-'],
  'PUT /api/data_source/row_rules/{dataSourceId}': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'PUT /api/data_source/update': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/data_source/updateSchema/{dataSourceId}': ['deny', 'deny', 'deny', 'allow', 'allow', '-'],
  'PUT /api/identity/admin/users/{userId}/disabled': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
  'PUT /api/identity/admin/users/{userId}/roles': ['deny', 'deny', 'deny', 'deny', 'allow', '-'],
};
