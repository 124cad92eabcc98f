import { QUESTIONS, questionBySlug } from '@core/questionnaire';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ANALYTICS_DEBOUNCE_MS, mainAndPillarSeries, type WindowChoice, windowName } from '@/components/charts/chart-data';
import { ScoreChartGrid } from '@/components/charts/score-chart-card';
import { WindowSwitch } from '@/components/charts/window-switch';
import { ExportButtons } from '@/components/export/export-buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError } from '@/lib/api-client';
import { downloadExport } from '@/lib/export/spreadsheet-export';
import { formatScoreDay } from '@/lib/score-display';
import { useViewer } from '@/lib/viewer';
import { type MemberAnswer, type MemberStatistics, useMemberName, useMemberStatistics } from '../api/member-statistics';
import { useTeamMemberScores } from '../api/team-statistics';
import { rosterRows } from '../lib/roster';
import { MemberSummary } from './member-summary';
import { USER_STATISTICS_COLUMNS } from '../lib/exports';
import { WindowedStatistics } from './windowed-statistics';
import '../team-analytics.css';

/** /home/my-team/statistics/:id: one member's scores over a window, his answers day by day, and the export. */
export function MemberStatisticsPage() {
  const userId = useParams().id ?? '';
  const viewer = useViewer();
  const [choice, setChoice] = useState<WindowChoice>({ days: 7 });
  const asked = useDebouncedValue(choice, ANALYTICS_DEBOUNCE_MS);
  const statistics = useMemberStatistics(userId, asked);
  const teamId = viewer?.selectedTeamId ?? null;
  const isSelf = viewer?.userId === userId;
  const name = useMemberName(teamId, userId, !isSelf);
  // The staff's view of the member today: his row of the members table (the same read, cached from Analytics).
  const staffs = [...(viewer?.teams?.owned ?? []), ...(viewer?.teams?.coached ?? [])].some((team) => team.id === teamId);
  const teamRows = useTeamMemberScores(teamId ?? '', { days: 7 }, Boolean(teamId) && !isSelf);
  const row = rosterRows(teamRows.data ?? []).find((member) => member.userId === userId) ?? null;
  const memberName = isSelf ? viewer.fullName : (row?.name ?? name.data ?? null);

  if (statistics.error instanceof ApiError && statistics.error.errorType === 'Unauthorized') {
    return (
      <EmptyState title="Member statistics" description={statistics.error.message} actions={<ButtonLink to={paths.home.root}>Go home</ButtonLink>} />
    );
  }

  const window = statistics.data?.fgScore ?? null;
  const exportStatistics = (format: 'xlsx' | 'csv') =>
    downloadExport(
      `${memberName ?? userId}-statistics-${window?.startDate ?? ''}-${window?.endDate ?? ''}`,
      format,
      USER_STATISTICS_COLUMNS,
      statistics.data?.userScoreStatistics ?? [],
    );
  return (
    <div className="fg-page fg-member-statistics">
      <header className="fg-page__header">
        <h1>{memberName ? `${memberName}'s statistics` : 'Member statistics'}</h1>
        <p>Scores per pillar and overall, and the answers given day by day.</p>
        {isSelf ? null : <ButtonLink to={paths.home.myTeam.statistics}>Back to team analytics</ButtonLink>}
      </header>

      {row && teamId ? <MemberSummary row={row} teamId={teamId} canNudge={staffs} /> : null}

      <section aria-labelledby="fg-member-scores" aria-busy={statistics.isFetching}>
        <div className="fg-section-head">
          <h2 id="fg-member-scores">Scores</h2>
          <WindowSwitch name="member-window" value={choice} onChange={setChoice} customFrom={window} />
          <ExportButtons
            what="statistics"
            disabled={!statistics.isSuccess || statistics.isPlaceholderData || statistics.data.userScoreStatistics.length === 0}
            onExport={exportStatistics}
          />
        </div>
        <WindowedStatistics query={statistics} window={window} charts={9} what="the member's scores">
          {(data) => <MemberCharts statistics={data} windowLabel={windowName(asked)} />}
        </WindowedStatistics>
      </section>

      {statistics.data ? <AnswersByDay answers={statistics.data.userAnswers} windowLabel={windowName(asked)} /> : null}
    </div>
  );
}

function MemberCharts({ statistics, windowLabel }: { statistics: MemberStatistics; windowLabel: string }) {
  const series = mainAndPillarSeries(statistics);
  if (series.every((entry) => entry.points.length === 0)) return <p className="fg-section-note">No check-ins in {windowLabel}.</p>;
  return <ScoreChartGrid series={series} window={statistics.fgScore} windowName={windowLabel} />;
}

/** The answer's words: the option labels of the question (a tick-all answer lists several). */
function answerText(answer: MemberAnswer): { question: string; value: string } {
  const question = questionBySlug(answer.questionSlug);
  if (!question) return { question: answer.questionSlug, value: answer.value };
  const labels = answer.value.split(',').map((value) => question.options.find((option) => option.value === value)?.label ?? value);
  return { question: question.text, value: labels.join(', ') };
}

/** Where a question stands in the check-in, so a day's answers read in the order they were asked. */
const QUESTION_ORDER = new Map(QUESTIONS.map((question, index) => [question.slug, index]));
const askedOrder = (answer: MemberAnswer) => QUESTION_ORDER.get(answer.questionSlug) ?? QUESTIONS.length;

/** The member's answers, newest day first, each day in the check-in's order. */
function AnswersByDay({ answers, windowLabel }: { answers: readonly MemberAnswer[]; windowLabel: string }) {
  const days = [...new Set(answers.map((answer) => answer.date))].sort().reverse();
  return (
    <section aria-labelledby="fg-member-answers">
      <h2 id="fg-member-answers" className="fg-section-head">
        Answers
      </h2>
      {days.length === 0 ? (
        <p className="fg-section-note">No answers in {windowLabel}.</p>
      ) : (
        <ul className="fg-answer-days">
          {days.map((day) => (
            <li key={day} className="fg-answer-day" data-date={day}>
              <h3>{formatScoreDay(day)}</h3>
              <dl>
                {answers
                  .filter((answer) => answer.date === day)
                  .sort((a, b) => askedOrder(a) - askedOrder(b))
                  .map((answer) => {
                    const { question, value } = answerText(answer);
                    return [
                      <dt key={`${answer.questionSlug}-q`}>{question}</dt>,
                      <dd key={`${answer.questionSlug}-a`}>
                        {value}
                        {answer.score == null ? '' : ` (${answer.score})`}
                      </dd>,
                    ];
                  })}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
