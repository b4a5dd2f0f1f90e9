import { DeleteOutlined, TableOutlined } from '@ant-design/icons';
import {
  Background,
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  Handle,
  Position,
  ReactFlow,
  applyNodeChanges,
  getBezierPath,
  useReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Empty, Tag } from 'antd';
import { useEffect, useMemo, useState, type DragEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { browserStorages } from '../../../shared/storage/keys';
import { readTheme } from '../../../shared/storage/theme';
import type { DesignerState, DraftLink, DraftNode } from '../states/designer';
import { useJtTranslation } from '../i18n';
import { SOURCE_DRAG_TYPE } from './SourcePanel';

type TableData = { node: DraftNode; root: boolean };
type TableNode = Node<TableData, 'table'>;
type JoinData = { link: DraftLink; onOpen: (to: string) => void };
type JoinEdge = Edge<JoinData, 'join'>;

function TableNodeView({ data }: NodeProps<TableNode>) {
  const { jt } = useJtTranslation();
  const { node, root } = data;
  return (
    <div className={`bi-jt-node${root ? ' bi-jt-node--root' : ''}`} data-testid={`join-node-${node.showName}`} data-show-name={node.showName}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="bi-jt-node__title">
        <TableOutlined />
        <span className="bi-jt-node__name" title={node.showName}>
          {node.showName}
        </span>
        {root ? <Tag color="blue">{jt('canvas.root')}</Tag> : null}
      </div>
      {node.name !== node.showName ? (
        <div className="bi-jt-node__meta bi-jt-node__source" title={node.name}>
          {node.name}
        </div>
      ) : null}
      <div className="bi-jt-node__meta">{jt('canvas.fieldsCount', { count: node.fields.length })}</div>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

function JoinEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data }: EdgeProps<JoinEdge>) {
  const { jt } = useJtTranslation();
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  if (!data) return null;
  return (
    <>
      <BaseEdge id={id} path={path} />
      <EdgeLabelRenderer>
        <button
          type="button"
          className="bi-jt-edge nodrag nopan"
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          onClick={() => data.onOpen(data.link.to)}
          title={jt('canvas.linkLabel')}
          data-testid={`join-link-${data.link.to}`}
          data-join-type={data.link.joinType}
        >
          <span className={`bi-jt-venn bi-jt-venn--${data.link.joinType}`} aria-hidden="true">
            <i />
            <i />
          </span>
          {jt(`join.${data.link.joinType}`)}
        </button>
      </EdgeLabelRenderer>
    </>
  );
}

const NODE_TYPES = { table: TableNodeView };
const EDGE_TYPES = { join: JoinEdgeView };

export interface CanvasDrop {
  dataSourceId: string;
  name: string;
  onto: string | null;
  x: number;
  y: number;
}

interface JoinCanvasProps {
  state: DesignerState;
  onDropSource: (drop: CanvasDrop) => void;
  onMove: (showName: string, x: number, y: number) => void;
  onOpenLink: (to: string) => void;
  onDelete: (showName: string) => void;
}

/**
 * The model canvas (spec 02 §2 screen 8): sources dragged from the list are dropped here — the first
 * anywhere (the root), later ones onto a table already drawn; each link shows its join type and opens
 * its dialog; a table's context menu deletes it (with what is linked below it).
 */
export function JoinCanvas({ state, onDropSource, onMove, onOpenLink, onDelete }: JoinCanvasProps) {
  const { jt } = useJtTranslation();
  const flow = useReactFlow();
  const colorMode = useMemo(() => readTheme(browserStorages().local), []);
  const [menu, setMenu] = useState<{ showName: string; x: number; y: number } | null>(null);
  const [over, setOver] = useState(false);

  const built = useMemo<TableNode[]>(
    () =>
      state.nodes.map((node, i) => ({
        id: node.showName,
        type: 'table',
        position: { x: node.x, y: node.y },
        data: { node, root: i === 0 },
        deletable: false,
        connectable: false,
      })),
    [state.nodes],
  );
  const [nodes, setNodes] = useState<TableNode[]>(built);
  useEffect(() => {
    // keep what React Flow measured and selected while the tables change
    setNodes((previous) => built.map((node) => {
      const old = previous.find((p) => p.id === node.id);
      return old ? { ...node, measured: old.measured, selected: old.selected } : node;
    }));
  }, [built]);

  const edges = useMemo<JoinEdge[]>(
    () => state.links.map((link) => ({ id: `${link.from}->${link.to}`, source: link.from, target: link.to, type: 'join', deletable: false, data: { link, onOpen: onOpenLink } })),
    [state.links, onOpenLink],
  );

  const onNodesChange = (changes: NodeChange<TableNode>[]) => setNodes((current) => applyNodeChanges(changes, current));

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes(SOURCE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!over) setOver(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setOver(false);
    const raw = event.dataTransfer.getData(SOURCE_DRAG_TYPE);
    if (!raw) return;
    event.preventDefault();
    const source = JSON.parse(raw) as { dataSourceId: string; name: string };
    const target = (event.target as Element).closest?.('.react-flow__node');
    const onto = target?.getAttribute('data-id') ?? null;
    const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    onDropSource({ ...source, onto, x: position.x, y: position.y });
  };

  const openMenu = (event: ReactMouseEvent, node: TableNode) => {
    event.preventDefault();
    const box = (event.currentTarget as Element).closest('.bi-jt-canvas')?.getBoundingClientRect();
    setMenu({ showName: node.id, x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) });
  };

  return (
    <div
      className={`bi-jt-canvas${over ? ' bi-jt-canvas--over' : ''}`}
      data-testid="join-canvas"
      aria-label={jt('canvas.label')}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={() => setMenu(null)}
    >
      <ReactFlow<TableNode, JoinEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodesChange={onNodesChange}
        onNodeDragStop={(_event, node) => onMove(node.id, node.position.x, node.position.y)}
        onNodeContextMenu={openMenu}
        onPaneClick={() => setMenu(null)}
        onMoveStart={() => setMenu(null)}
        deleteKeyCode={null}
        nodesConnectable={false}
        colorMode={colorMode}
        minZoom={0.3}
        maxZoom={2}
        fitView={state.nodes.length > 0}
        fitViewOptions={{ maxZoom: 1, padding: 0.3 }}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
      {state.nodes.length === 0 ? (
        <div className="bi-jt-canvas__empty" data-testid="join-canvas-empty">
          <Empty description={jt('canvas.empty')} />
        </div>
      ) : null}
      {menu ? (
        <div className="bi-jt-menu" role="menu" style={{ left: menu.x, top: menu.y }} data-testid="join-node-menu">
          <button
            type="button"
            role="menuitem"
            className="bi-jt-menu__item"
            data-testid="join-node-delete"
            autoFocus
            onKeyDown={(e) => e.key === 'Escape' && setMenu(null)}
            onClick={(e) => {
              e.stopPropagation();
              setMenu(null);
              onDelete(menu.showName);
            }}
          >
            <DeleteOutlined /> {jt('canvas.delete')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
