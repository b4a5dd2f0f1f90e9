import { SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { Alert, App, Button, Form, Input, Result, Tabs } from 'antd';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { useLeaveConfirmation } from '../../../shared/hooks/useLeaveConfirmation';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { errorText } from '../../data-source/components/common';
import { useDataSourceAuth } from '../../data-source/hooks/useDataSourceAuth';
import { joinTableApi, joinTableKeys } from '../api/joinTable';
import { useJoin, useJoinPreview, useJoinProjects, useSaveJoin } from '../hooks/useJoinTable';
import { useJtTranslation, type JtT } from '../i18n';
import { addNode, downstream, fromDefinition, initialDesigner, moveNode, removeNode, setLink, toDefinition, type DesignerState } from '../states/designer';
import type { JoinSourceItem } from '../types';
import { joinProblems, nameProblem, type JoinProblem } from '../utils/validate';
import { FieldsTab } from './FieldsTab';
import { FilterTab } from './FilterTab';
import { JoinCanvas, type CanvasDrop } from './JoinCanvas';
import { LinkDialog } from './LinkDialog';
import { PreviewPanel } from './PreviewPanel';
import { SourcePanel } from './SourcePanel';
import '../join-table.css';

/** Where a table joined onto `parent` is drawn: right of it, below the tables already joined onto it. */
function besideParent(state: DesignerState, parent: string): { x: number; y: number } {
  const node = state.nodes.find((n) => n.showName === parent);
  const siblings = state.links.filter((l) => l.from === parent).length;
  return { x: (node?.x ?? 40) + 300, y: (node?.y ?? 40) + siblings * 110 };
}

/** The user's words for a problem of the join. */
export function problemText(jt: JtT, problem: JoinProblem): string {
  switch (problem.kind) {
    case 'empty':
    case 'noFields':
      return jt(`problems.${problem.kind}`);
    case 'joinFields':
      return jt('problems.joinFields', { table: problem.table });
    case 'joinTypes':
      return jt('problems.joinTypes', { table: problem.table, from: problem.from, to: problem.to });
    case 'title':
      return jt('problems.title', { table: problem.table, field: problem.field });
    case 'duplicateTitles':
      return jt('problems.duplicateTitles', { titles: problem.titles.join(', ') });
    case 'filterValue':
    case 'filterNumber':
      return jt(`problems.${problem.kind}`, { row: problem.row + 1 });
  }
}

/**
 * /data_source/join_table/:project/:data_source? — the join designer (spec 02 §2 screen 8): a new
 * join in folder `project`, or the join source `data_source` opened for editing.
 */
export function JoinTablePage() {
  const { jt, t } = useJtTranslation();
  const { project = '', data_source: dataSourceId } = useParams();
  const auth = useDataSourceAuth();
  const join = useJoin(auth.canEdit ? dataSourceId : undefined);

  let body: ReactNode;
  if (!auth.canEdit) body = <Result status="403" title={t('errors.noEditRight')} />;
  else if (dataSourceId && join.isPending) body = <PendingSpin />;
  else if (dataSourceId && join.isError) body = <Result status="404" title={<span data-testid="join-not-found">{jt('notFound')}</span>} subTitle={errorText(join.error)} />;
  else
    return (
      <ReactFlowProvider>
        <Designer
          key={dataSourceId ?? `new:${project}`}
          projectId={join.data?.projectId ?? project}
          dataSourceId={dataSourceId}
          initial={join.data ? fromDefinition(join.data) : initialDesigner()}
        />
      </ReactFlowProvider>
    );
  return (
    <section className="bi-page bi-jt" data-testid="page-join_table">
      {body}
    </section>
  );
}

type TabKey = 'model' | 'filter' | 'fields';

function Designer({ projectId, dataSourceId, initial }: { projectId: string; dataSourceId?: string; initial: DesignerState }) {
  const { jt, t } = useJtTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projects = useJoinProjects();
  const save = useSaveJoin();
  const [state, setState] = useState<DesignerState>(initial);
  const [saved, setSaved] = useState<DesignerState>(initial);
  const [tab, setTab] = useState<TabKey>('model');
  const [openLink, setOpenLink] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const addingRef = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const change = useCallback((next: (s: DesignerState) => DesignerState) => setState(next), []);
  const problems = useMemo(() => joinProblems(state), [state]);
  const definition = useMemo(() => toDefinition(state), [state]);
  const settled = useDebouncedValue(problems.length ? null : definition, 400);
  const preview = useJoinPreview(problems.length ? null : settled);
  const dirty = useMemo(() => JSON.stringify(toDefinition(state)) !== JSON.stringify(toDefinition(saved)), [state, saved]);
  // leaving with unsaved edits (back, the app's links, closing the tab) asks first
  const { leaveSaved } = useLeaveConfirmation(dirty);

  const sources = useMemo(() => (projects.data ?? []).flatMap((p) => p.dataSources), [projects.data]);
  const rootStore = state.nodes[0] ? (sources.find((s) => s.dataSourceId === state.nodes[0]!.dataSourceId)?.store ?? null) : null;

  /** A source dropped (or added from its menu): read its fields, then place it. */
  const place = async (drop: CanvasDrop) => {
    if (state.nodes.length > 0 && !drop.onto) {
      void message.warning(jt('canvas.dropOntoTable'));
      return;
    }
    if (addingRef.current) return;
    addingRef.current = true;
    setAdding(true);
    try {
      const node = await queryClient.fetchQuery({ queryKey: joinTableKeys.fields(drop.dataSourceId), queryFn: () => joinTableApi.fields(drop.name, drop.dataSourceId), staleTime: 30_000 });
      const at = drop.onto ? besideParent(stateRef.current, drop.onto) : { x: drop.x, y: drop.y };
      const result = addNode(stateRef.current, { dataSourceId: drop.dataSourceId, name: node.name || drop.name, fields: node.fields, onto: drop.onto, ...at });
      if (result.problem) {
        void message.warning(jt(`canvas.${result.problem}`));
        return;
      }
      stateRef.current = result.state;
      setState(result.state);
      // a new link whose join fields could not be guessed opens its dialog at once
      const link = result.state.links.find((l) => l.to === result.added);
      if (link && link.pairs.some((p) => !p.from || !p.to)) setOpenLink(link.to);
    } catch (error) {
      void message.error(jt('canvas.fieldsFailed', { message: errorText(error) }));
    } finally {
      addingRef.current = false;
      setAdding(false);
    }
  };

  const addFromMenu = (source: JoinSourceItem, onto: string | null) => void place({ dataSourceId: source.dataSourceId, name: source.name, onto, x: 40, y: 40 });

  const askDelete = (showName: string) => {
    const count = downstream(state, showName).length - 1;
    modal.confirm(
      deleteConfirmation(t, {
        title: jt('canvas.deleteTitle', { table: showName }),
        content: count > 0 ? jt('canvas.deleteContent', { count }) : jt('canvas.deleteContentSingle'),
        onOk: () => setState((s) => removeNode(s, showName)),
      }),
    );
  };

  const onSave = async () => {
    const nameIssue = nameProblem(state.name);
    if (nameIssue) {
      setNameError(jt(nameIssue === 'required' ? 'name.required' : nameIssue === 'line_break' ? 'name.lineBreak' : 'name.length'));
      return;
    }
    if (problems.length) {
      void message.error(problemText(jt, problems[0]!));
      if (problems[0]!.kind === 'duplicateTitles' || problems[0]!.kind === 'title' || problems[0]!.kind === 'noFields') setTab('fields');
      else if (problems[0]!.kind.startsWith('filter')) setTab('filter');
      return;
    }
    try {
      const result = await save.mutateAsync({ projectId, dataSourceId, body: definition });
      setSaved(state);
      void message.success(jt('actions.saved'));
      leaveSaved(() => void navigate(`/data_source/${encodeURIComponent(result.projectId)}/${encodeURIComponent(result.dataSourceId)}`));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const back = () => void navigate(dataSourceId ? `/data_source/${encodeURIComponent(projectId)}/${encodeURIComponent(dataSourceId)}` : `/data_source/${encodeURIComponent(projectId)}`);

  const waiting = problems.length ? (problems[0]!.kind === 'empty' ? '' : problemText(jt, problems[0]!)) : null;
  const link = openLink ? (state.links.find((l) => l.to === openLink) ?? null) : null;

  return (
    <section className="bi-page bi-jt" data-testid="page-join_table" data-mode={dataSourceId ? 'edit' : 'create'}>
      <div className="bi-jt__toolbar">
        <PageHead block="bi-jt" title={jt(dataSourceId ? 'title.edit' : 'title.create')} onBack={back} backLabel={jt('actions.back')} backTestId="join-back" />
        <Form layout="inline" component="div" className="bi-jt__name">
          <Form.Item label={jt('name.label')} required validateStatus={nameError ? 'error' : undefined} help={nameError ? <span data-testid="join-name-error">{nameError}</span> : undefined}>
            <Input
              value={state.name}
              maxLength={20}
              placeholder={jt('name.placeholder')}
              onChange={(e) => {
                setNameError(null);
                const name = e.target.value;
                setState((s) => ({ ...s, name }));
              }}
              onPressEnter={() => void onSave()}
              data-testid="join-name"
              aria-label={jt('name.label')}
            />
          </Form.Item>
        </Form>
        <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void onSave()} data-testid="join-save">
          {save.isPending ? jt('actions.saving') : jt('actions.save')}
        </Button>
      </div>
      <div className="bi-jt__body">
        <SourcePanel projects={projects.data} pending={projects.isPending} error={projects.error} tables={state.nodes.map((n) => n.showName)} rootStore={rootStore} onAdd={addFromMenu} />
        <div className="bi-jt__main">
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as TabKey)}
            className="bi-jt__tabs"
            items={[
              {
                key: 'model',
                label: <span data-testid="join-tab-model">{jt('tabs.model')}</span>,
                children: (
                  <div className="bi-jt__canvas-wrap" aria-busy={adding}>
                    <JoinCanvas state={state} onDropSource={(d) => void place(d)} onMove={(n, x, y) => setState((s) => moveNode(s, n, x, y))} onOpenLink={setOpenLink} onDelete={askDelete} />
                  </div>
                ),
              },
              { key: 'filter', label: <span data-testid="join-tab-filter">{jt('tabs.filter')}</span>, children: <FilterTab state={state} onChange={change} /> },
              { key: 'fields', label: <span data-testid="join-tab-fields">{jt('tabs.fields')}</span>, children: <FieldsTab state={state} onChange={change} /> },
            ]}
          />
          {problems.length > 0 && problems[0]!.kind !== 'empty' ? (
            <Alert
              type="warning"
              showIcon
              className="bi-jt__problems"
              data-testid="join-problems"
              title={
                <ul>
                  {problems.slice(0, 5).map((p, i) => (
                    <li key={i}>{problemText(jt, p)}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <PreviewPanel preview={preview.data} fetching={preview.isFetching} error={preview.error} waiting={waiting} onRefresh={() => void preview.refetch()} />
        </div>
      </div>
      {link ? (
        <LinkDialog
          key={link.to}
          state={state}
          link={link}
          onCancel={() => setOpenLink(null)}
          onSave={(to, joinType, pairs) => {
            setState((s) => setLink(s, to, joinType, pairs));
            setOpenLink(null);
          }}
        />
      ) : null}
    </section>
  );
}
