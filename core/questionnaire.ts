import type { PillarSlug } from './pillars';

/**
 * The daily check-in. Every question of the original catalogue (docs/scoring.md, "The daily check-in") is here with its
 * slug and its listed answer options kept verbatim (those are the answers recommendations link to, so they are mostly
 * the worrying ones); the other options, and the questions marked `inCatalogue: false`, complete the check-in so each
 * pillar can be scored and the game scores have inputs. Each option maps to a score from 0 (worst) to 100 (best);
 * `scoring` says why.
 */
export interface AnswerOption {
  value: string;
  label: string;
  /** 0..100; null only for the unscored `gaming-today` flag. */
  score: number | null;
}

export interface Question {
  slug: string;
  /** The pillar the answer counts in; null for the two game questions. */
  pillar: PillarSlug | null;
  text: string;
  /** `multiple`: tick every option that applies; the answer value lists them separated by commas. */
  kind: 'single' | 'multiple';
  options: readonly AnswerOption[];
  /** For `multiple`: the option meaning "none of these", which cannot be combined with others. */
  noneOption?: string;
  /** Why the options score as they do (repeated for coaches in docs/scoring.md). */
  scoring: string;
  inCatalogue: boolean;
}

export const GAMING_TODAY_SLUG = 'gaming-today';
export const GAME_PERFORMANCE_SLUG = 'game-performance';
/** With `multiple` questions each ticked problem costs its option's shortfall from 100 (25 points each here). */
const PROBLEM_OPTION_SCORE = 75;

const option = (value: string, label: string, score: number | null): AnswerOption => ({ value, label, score });
const problems = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => option(value, label, PROBLEM_OPTION_SCORE));

export const QUESTIONS: readonly Question[] = [
  // Sleep
  {
    slug: 'sleep-hours',
    pillar: 'sleep',
    text: 'How many hours did you sleep last night?',
    kind: 'single',
    options: [
      option('less-than-5', 'Less than 5', 10),
      option('5-6', '5 to 6', 40),
      option('6-7', '6 to 7', 70),
      option('7-9', '7 to 9', 100),
      option('more-than-9', 'More than 9', 80),
    ],
    scoring:
      '7 to 9 hours is the adult recommendation, so it scores 100; each hour short of 7 costs about 30 points because reaction time and focus drop with it; more than 9 is marked down a little, as long sleep often means catching up on bad nights.',
    inCatalogue: false,
  },
  {
    slug: 'sleep-quality',
    pillar: 'sleep',
    text: 'How well did you sleep?',
    kind: 'single',
    options: [option('terrible', 'Terrible', 0), option('neutral', 'Neutral', 50), option('good', 'Good', 80), option('great', 'Great', 100)],
    scoring: 'A four-step scale: terrible is the floor, neutral the middle, and good sits close to great.',
    inCatalogue: true,
  },
  {
    slug: 'sleep-disturbance',
    pillar: 'sleep',
    text: 'What disturbed your sleep last night?',
    kind: 'multiple',
    options: [
      option('none', 'Nothing', 100),
      ...problems({
        discomfort: 'Discomfort',
        nightmare: 'Nightmare',
        noise: 'Noise',
        pet: 'Pet',
        temperature: 'Temperature',
        toilet: 'Toilet',
        worry: 'Worry',
        other: 'Other',
      }),
    ],
    noneOption: 'none',
    scoring:
      'An undisturbed night scores 100. Each disturbance broke the night once and we cannot tell which hurt more, so each costs 25 points; four or more give 0.',
    inCatalogue: true,
  },
  // Nutrition
  {
    slug: 'water-drink',
    pillar: 'nutrition',
    text: 'How much water did you drink today?',
    kind: 'single',
    options: [
      option('none', 'None', 0),
      option('1-3-glasses', '1 to 3 glasses', 40),
      option('4-7-glasses', '4 to 7 glasses', 75),
      option('8-or-more-glasses', '8 glasses or more', 100),
    ],
    scoring:
      'About 2 litres (8 glasses) a day is the usual guidance; even mild dehydration slows reactions and attention, so the score falls steeply below it.',
    inCatalogue: true,
  },
  {
    slug: 'healthy-meals',
    pillar: 'nutrition',
    text: 'How many balanced meals (protein, vegetables, whole grains) did you eat today?',
    kind: 'single',
    options: [option('none', 'None', 0), option('one', 'One', 40), option('two', 'Two', 75), option('three-or-more', 'Three or more', 100)],
    scoring: 'Three balanced meals keep energy steady through practice; each missing one costs roughly a third.',
    inCatalogue: true,
  },
  {
    slug: 'fast-food',
    pillar: 'nutrition',
    text: 'Did you eat fast food today?',
    kind: 'single',
    options: [option('true', 'Yes', 30), option('false', 'No', 100)],
    scoring: 'One fast-food meal is a habit to flag, not a disaster: 30 rather than 0.',
    inCatalogue: true,
  },
  {
    slug: 'snacks',
    pillar: 'nutrition',
    text: 'What kind of snacks did you have today?',
    kind: 'single',
    options: [
      option('none', 'No snacks', 100),
      option('healthy', 'Healthy', 100),
      option('mixed', 'Mixed', 60),
      option('unhealthy', 'Unhealthy', 20),
    ],
    scoring: 'No snacks and healthy snacks are equally fine; a mix loses some points; unhealthy snacks (sweets, chips) cost most.',
    inCatalogue: true,
  },
  {
    slug: 'sugars',
    pillar: 'nutrition',
    text: 'How much added sugar did you have today (sweets, soda, energy drinks)?',
    kind: 'single',
    options: [option('less than 15g', 'Less than 15g', 100), option('15 to 30g', '15 to 30g', 70), option('more than 30g', 'More than 30g', 20)],
    scoring: 'Health bodies advise staying around or under 25 to 30g of added sugar a day; one can of soda or energy drink is already more than 30g.',
    inCatalogue: true,
  },
  {
    slug: 'caffeine-group',
    pillar: 'nutrition',
    text: 'Did you have caffeine today (coffee, tea, energy drinks)?',
    kind: 'single',
    options: [
      option('none', 'No caffeine', 100),
      option('early-caffeine', 'Yes, more than 6 hours before bed', 90),
      option('late-caffeine', 'Yes, within 6 hours of bed', 30),
    ],
    scoring: 'Caffeine taken within 6 hours of bedtime measurably shortens sleep, so late caffeine costs most; early caffeine is close to none.',
    inCatalogue: true,
  },
  // Mental
  {
    slug: 'emotional-state',
    pillar: 'mental',
    text: 'How do you feel right now?',
    kind: 'single',
    options: [
      option('happy', 'Happy', 100),
      option('motivated', 'Motivated', 100),
      option('calm', 'Calm', 90),
      option('okay', 'Okay', 70),
      option('meh', 'Meh', 50),
      option('unsure', 'Unsure', 45),
      option('bored', 'Bored', 40),
      option('tired', 'Tired', 35),
      option('discouraged', 'Discouraged', 25),
      option('stressed', 'Stressed', 20),
      option('sad', 'Sad', 15),
      option('angry', 'Angry', 10),
    ],
    scoring:
      'Positive, settled states are best for play; meh is the middle; the worrying states are ordered by how much they cloud decisions in game, with anger and sadness (tilt) lowest.',
    inCatalogue: true,
  },
  {
    slug: 'focus',
    pillar: 'mental',
    text: 'How sharp is your focus today?',
    kind: 'single',
    options: [
      option('very-poor', 'Very poor', 0),
      option('poor', 'Poor', 25),
      option('okay', 'Okay', 50),
      option('good', 'Good', 75),
      option('sharp', 'Sharp', 100),
    ],
    scoring: 'An even five-step scale, 25 points apart.',
    inCatalogue: false,
  },
  {
    slug: 'mindfulness-group',
    pillar: 'mental',
    text: 'How many minutes of mindfulness or meditation did you do today?',
    kind: 'single',
    options: [
      option('0', 'None', 0),
      option('1-5', '1 to 5 minutes', 60),
      option('6-10', '6 to 10 minutes', 85),
      option('more-than-10', 'More than 10 minutes', 100),
    ],
    scoring: 'Even a few minutes a day lowers stress, so the first minutes count most; the benefit levels off around 10 minutes.',
    inCatalogue: true,
  },
  {
    slug: 'breathwork-exercises',
    pillar: 'mental',
    text: 'How many breathwork exercises did you do today?',
    kind: 'single',
    options: [option('0', 'None', 0), option('1', 'One', 70), option('2', 'Two', 90), option('3-or-more', 'Three or more', 100)],
    scoring: 'One exercise (box breathing before a match, say) brings most of the calming effect; more add a little.',
    inCatalogue: true,
  },
  // Lifestyle
  {
    slug: 'activities',
    pillar: 'lifestyle',
    text: 'How many offline activities (friends, family, hobbies, sport) did you do today?',
    kind: 'single',
    options: [option('none', 'None', 0), option('one', 'One', 60), option('two', 'Two', 85), option('three-or-more', 'Three or more', 100)],
    scoring: 'Life outside the screen protects against burnout; the first activity counts most.',
    inCatalogue: true,
  },
  {
    slug: 'green-space-time',
    pillar: 'lifestyle',
    text: 'How long were you outdoors or in green space today?',
    kind: 'single',
    options: [
      option('none', 'Not at all', 0),
      option('less-than-30-min', 'Less than 30 minutes', 60),
      option('30-60-min', '30 to 60 minutes', 100),
      option('more-than-60-min', 'More than 60 minutes', 100),
    ],
    scoring: 'About 20 minutes a day outdoors is linked with better wellbeing, so half an hour already earns the full score.',
    inCatalogue: true,
  },
  {
    slug: 'screen-time',
    pillar: 'lifestyle',
    text: 'How many hours were you in front of screens today, gaming included?',
    kind: 'single',
    options: [
      option('less-than-4', 'Less than 4', 100),
      option('4-6', '4 to 6', 85),
      option('6-8', '6 to 8', 65),
      option('8-10', '8 to 10', 40),
      option('more-than-10', 'More than 10', 15),
    ],
    scoring: 'Practice needs screens, so up to 6 hours stays high; beyond that long screen days mean sitting, eye strain and late nights.',
    inCatalogue: false,
  },
  // Physical
  {
    slug: 'energy',
    pillar: 'physical',
    text: 'How is your energy level today?',
    kind: 'single',
    options: [
      option('very-low', 'Very low', 0),
      option('low', 'Low', 25),
      option('okay', 'Okay', 50),
      option('good', 'Good', 75),
      option('high', 'High', 100),
    ],
    scoring: 'An even five-step scale, 25 points apart.',
    inCatalogue: false,
  },
  {
    slug: 'pain',
    pillar: 'physical',
    text: 'Where do you feel pain or discomfort today?',
    kind: 'multiple',
    options: [
      option('none', 'Nowhere', 100),
      ...problems({
        back: 'Back',
        elbows: 'Elbows',
        eyes: 'Eyes',
        fingers: 'Fingers',
        head: 'Head',
        hips: 'Hips',
        knees: 'Knees',
        neck: 'Neck',
        shoulders: 'Shoulders',
        wrist: 'Wrist',
      }),
    ],
    noneOption: 'none',
    scoring:
      'No pain scores 100. Each painful area costs 25 points, whichever it is, because any of them can keep a player off the mouse, pad or keyboard; four or more give 0.',
    inCatalogue: true,
  },
  {
    slug: 'quick-drills-group',
    pillar: 'physical',
    text: 'How did you move during your screen time today?',
    kind: 'single',
    options: [
      option('mostly-seated', 'I stayed mostly seated', 0),
      option('some-breaks', 'A few movement breaks', 60),
      option('hourly-breaks', 'A movement break (quick drill) every hour', 100),
    ],
    scoring: 'Breaking up sitting about every hour eases neck, back and wrist strain, so hourly breaks score 100 and staying seated 0.',
    inCatalogue: true,
  },
  {
    slug: 'training-load-group',
    pillar: 'physical',
    text: 'How hard did you train your body today?',
    kind: 'single',
    options: [option('rest', 'Rest day', 40), option('light', 'Light', 70), option('moderate', 'Moderate', 100), option('hard', 'Hard', 85)],
    scoring:
      'Moderate exercise is best for play; a hard session leaves some fatigue; a rest day is fine now and then but is the answer that suggests a workout, so it scores lowest.',
    inCatalogue: true,
  },
  // Game (no pillar)
  {
    slug: GAMING_TODAY_SLUG,
    pillar: null,
    text: 'Are you gaming today?',
    kind: 'single',
    options: [option('true', 'Yes', null), option('false', 'No', null)],
    scoring: 'Not scored. "No" marks the day as No Gaming: game scores show that label and game performance is left empty.',
    inCatalogue: false,
  },
  {
    slug: GAME_PERFORMANCE_SLUG,
    pillar: null,
    text: 'How well did you play today?',
    kind: 'single',
    options: [
      option('awful', 'Awful', 0),
      option('poor', 'Poor', 25),
      option('okay', 'Okay', 50),
      option('good', 'Good', 75),
      option('great', 'Great', 100),
    ],
    scoring: "Your own rating of the day's play on an even five-step scale; it is the game performance score.",
    inCatalogue: false,
  },
];

const BY_SLUG = new Map(QUESTIONS.map((question) => [question.slug, question]));

export function questionBySlug(slug: string): Question | undefined {
  return BY_SLUG.get(slug);
}

/** The questions that score a pillar; their count is the pillar's `totalQuestions`. */
export function questionsOfPillar(pillar: PillarSlug): Question[] {
  return QUESTIONS.filter((question) => question.pillar === pillar);
}
