import { isPillarSlug, pillarOf } from '@core/pillars';
import { answerLabel, FALLBACK_RECOMMENDATION_COUNT, questionText, RECOMMENDATION_PAGE_SIZE } from '@core/recommendations';
import { type CSSProperties, useMemo, useState } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button/button';
import { type ColumnSort, DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { PageLoader } from '@/components/ui/page-loader';
import { VideoPlayerDialog } from '@/components/ui/video-player/video-player-dialog';
import { pillarColourToken } from '@/lib/score-display';
import { type Recommendation, useRecommendations } from '../api/recommendations';
import { AddRecommendationDialog } from './add-recommendation-dialog';
import { RecommendationPanel } from './recommendation-panel';
import '../video-recommendations.css';

const pillarLabel = (slug: string) => (isPillarSlug(slug) ? pillarOf(slug).label : slug);

/** The rows of the page in the order the table asks for (the API pages; the page's rows are sorted here). */
function sortedRows(rows: Recommendation[], sort: ColumnSort | null, columns: readonly DataTableColumn<Recommendation>[]): Recommendation[] {
  const column = sort && columns.find((candidate) => candidate.id === sort.id);
  if (!sort || !column) return rows;
  const text = (row: Recommendation) => String(column.value(row) ?? '').toLowerCase();
  return [...rows].sort((a, b) => (sort.desc ? -1 : 1) * text(a).localeCompare(text(b)));
}

/** /home/video-recommendation: the recommendations table, the add modal and the side panel to edit or delete one. */
export function VideoRecommendationPage() {
  const [page, setPage] = useState({ pageIndex: 0, pageSize: RECOMMENDATION_PAGE_SIZE });
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [playing, setPlaying] = useState<Recommendation | null>(null);
  // The previous page stays shown while the next loads.
  const list = useRecommendations(page.pageIndex, page.pageSize);

  const columns = useMemo<DataTableColumn<Recommendation>[]>(
    () => [
      {
        id: 'title',
        header: 'Title',
        value: (row) => row.title,
        cell: (row) => (
          <button type="button" className="fg-recommendations__open" onClick={() => setOpenId(row.id)}>
            {row.title}
          </button>
        ),
      },
      {
        id: 'pillar',
        header: 'Pillar',
        value: (row) => pillarLabel(row.pillarSlug),
        cell: (row) => (
          <span
            className="fg-recommendations__pillar"
            style={{ '--fg-pillar-colour': isPillarSlug(row.pillarSlug) ? pillarColourToken(row.pillarSlug) : undefined } as CSSProperties}
          >
            {pillarLabel(row.pillarSlug)}
          </span>
        ),
      },
      { id: 'question', header: 'Question', value: (row) => questionText(row.questionSlug) },
      { id: 'answer', header: 'Answer Type', value: (row) => answerLabel(row.questionSlug, row.answer), sortable: false },
      {
        id: 'video',
        header: 'Video',
        value: (row) => row.Video?.title ?? '',
        sortable: false,
        cell: (row) =>
          row.Video ? (
            <button
              type="button"
              className="fg-recommendations__thumbnail"
              onClick={() => setPlaying(row)}
              aria-label={`Play ${row.Video.title}`}
              disabled={!row.Video.url}
            >
              {row.Video.thumbnailUrl ? <img src={row.Video.thumbnailUrl} alt="" /> : <span>{row.Video.title}</span>}
            </button>
          ) : (
            <span className="fg-recommendations__gone">Video deleted</span>
          ),
      },
    ],
    [],
  );

  if (list.isPending) return <PageLoader label="Loading the recommendations…" />;
  if (list.isError) return <LoadError heading="The recommendations could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = sortedRows(list.data.recommendations, sort, columns);
  const open = list.data.recommendations.find((row) => row.id === openId) ?? null;
  return (
    <div className="fg-page fg-recommendations">
      <header className="fg-page__header fg-recommendations__header">
        <div>
          <h1>Recommendation</h1>
          <p>Link an answer of the daily check-in to a video gamers should watch.</p>
        </div>
        <Button variation="primary" onClick={() => setAdding(true)}>
          Add Recommendation
        </Button>
      </header>
      <DataTable
        label="Video recommendations"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        onRowOpen={(row) => setOpenId(row.id)}
        serverSide={{
          rowCount: list.data.count || FALLBACK_RECOMMENDATION_COUNT,
          pageIndex: page.pageIndex,
          pageSize: page.pageSize,
          onPage: setPage,
          sort,
          onSort: setSort,
        }}
      />
      <AddRecommendationDialog open={adding} onClose={() => setAdding(false)} />
      {open ? <RecommendationPanel key={open.id} recommendation={open} onClose={() => setOpenId(null)} /> : null}
      {playing?.Video?.url ? (
        <VideoPlayerDialog
          open
          title={playing.Video.title}
          src={playing.Video.url}
          poster={playing.Video.thumbnailUrl ?? undefined}
          onClose={() => setPlaying(null)}
        />
      ) : null}
    </div>
  );
}
