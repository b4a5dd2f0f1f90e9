/** API 密钥页面的文字（注册在 apiKeys.* 下）。 */
const zhCN = {
  title: 'API 密钥',
  menu: 'API 密钥',
  intro: '其他系统可以用 API 密钥调用接口（请求头 Authorization: Bearer bik_…）。密钥的权限不会超过您自己的权限。',
  create: '新建密钥',
  refresh: '刷新',
  mine: '我的密钥',
  everyone: '所有用户',
  empty: '还没有密钥',
  loadFailed: '无法加载密钥',
  columns: {
    name: '名称',
    key: '密钥',
    user: '用户',
    scopes: '权限范围',
    createdAt: '创建时间',
    expiresAt: '到期时间',
    lastUsed: '最近使用',
    status: '状态',
    actions: '操作',
  },
  never: '从未使用',
  status: {
    active: '有效',
    expired: '已过期',
    revoked: '已吊销',
  },
  scope: {
    read: '读取仪表板、图表和数据',
    dashboardsWrite: '编辑仪表板',
    sourcesManage: '管理数据源',
    admin: '管理（仅管理员）',
  },
  dialog: {
    title: '新建 API 密钥',
    name: '名称',
    namePlaceholder: '例如：夜间导出',
    nameRequired: '请输入 1 到 64 个字符的名称',
    scopes: '权限范围',
    scopesRequired: '请至少选择一个权限范围',
    expiry: '有效期',
    days: '{{count}} 天',
    ok: '创建',
  },
  secret: {
    title: '密钥已创建：{{name}}',
    warning: '请立即复制并妥善保存此密钥。关闭后将无法再次查看；系统只保存它的哈希值。',
    copy: '复制',
    copied: '已复制',
    done: '我已保存',
  },
  revoke: {
    action: '吊销',
    confirm: '吊销密钥“{{name}}”？使用它的调用将立即被拒绝。',
    ok: '吊销',
    cancel: '取消',
    done: '已吊销密钥“{{name}}”',
  },
};

export type ApiKeysCatalogue = typeof zhCN;
export default zhCN;
