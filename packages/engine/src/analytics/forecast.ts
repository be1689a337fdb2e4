/**
 * Daily volume forecasts (conversations per day) with a weekly season.
 *
 * The model is additive Holt-Winters (level, damped or plain trend, a 7-day season), its
 * smoothing parameters picked from a small grid by the one-step-ahead squared error on the
 * history. It is judged by a rolling-origin backtest over the last 4 weeks: each week is
 * forecast a week ahead from the days before it (parameters picked again on those days only),
 * and so is the seasonal naive forecast (the same weekday a week earlier). Both get a MAPE; when
 * Holt-Winters' is not lower, the naive forecast is returned with `fellBack: true`.
 *
 * MAPE is zero-safe: days whose actual value is 0 are left out (a percentage of 0 is undefined);
 * with no day left it is 0. The band (about 80%) comes from the chosen model's backtest errors:
 * their spread, scaled to widen with the horizon (variance growing by 1/7 of the one-day
 * variance per day ahead), ± 1.28 standard deviations, never below 0.
 */
export type ForecastResult = {
  model: "holt_winters" | "seasonal_naive";
  /** True when Holt-Winters did not beat the seasonal naive forecast in the backtest. */
  fellBack: boolean;
  /** One-week-ahead backtest over the last 4 weeks: mean absolute percentage error, percent. */
  mape: number;
  naiveMape: number;
  /** The next `days` values with an uncertainty band (about 80%), never negative. */
  points: { value: number; low: number; high: number }[];
};

/** The minimum history: 4 full weeks. */
export const forecastMinHistory = 28;

/** Forecasts `days` ahead from a daily series (oldest first, no gaps); null with too little. */
export function forecastDaily(series: readonly number[], days: number): ForecastResult | null {
  if (series.length < forecastMinHistory) return null;
  const values = series.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const horizon = Math.max(0, Math.floor(days));

  // Rolling origins: the last 4 weeks, each with at least two weeks of history before it.
  const holt: Backtest = { actual: [], forecast: [], step: [] };
  const naive: Backtest = { actual: [], forecast: [], step: [] };
  for (let weeksBack = backtestWeeks; weeksBack >= 1; weeksBack -= 1) {
    const origin = values.length - weeksBack * period;
    if (origin < minTraining) continue;
    const training = values.slice(0, origin);
    const model = fitHoltWinters(training);
    const ahead = forecastHoltWinters(model, period);
    for (let step = 0; step < period; step += 1) {
      const actual = values[origin + step]!;
      holt.actual.push(actual);
      holt.forecast.push(ahead[step]!);
      holt.step.push(step + 1);
      naive.actual.push(actual);
      naive.forecast.push(training[origin - period + step]!);
      naive.step.push(step + 1);
    }
  }
  const mape = meanAbsolutePercentageError(holt);
  const naiveMape = meanAbsolutePercentageError(naive);
  const fellBack = !(mape < naiveMape);

  const forecast = fellBack
    ? Array.from({ length: horizon }, (_, i) => values[values.length - period + (i % period)]!)
    : forecastHoltWinters(fitHoltWinters(values), horizon);
  const spread = residualSpread(fellBack ? naive : holt);
  const points = forecast.map((raw, i) => {
    const value = Math.max(0, raw);
    const half = bandZ * spread * Math.sqrt(growth(i + 1));
    return { value, low: Math.max(0, value - half), high: Math.max(0, value + half) };
  });
  return {
    model: fellBack ? "seasonal_naive" : "holt_winters",
    fellBack,
    mape,
    naiveMape,
    points,
  };
}

const period = 7;
const backtestWeeks = 4;
/** Holt-Winters needs two weeks to start from (a level, a trend and a season). */
const minTraining = 2 * period;
/** The normal quantile for a two-sided 80% band. */
const bandZ = 1.2816;

const alphas = [0.05, 0.1, 0.2, 0.3, 0.5, 0.8];
const betas = [0, 0.02, 0.05, 0.1, 0.2];
const gammas = [0.05, 0.1, 0.2, 0.3, 0.5];
const phis = [1, 0.9];

type Parameters = { alpha: number; beta: number; gamma: number; phi: number };
type State = { level: number; trend: number; season: number[]; phi: number; next: number };
type Backtest = { actual: number[]; forecast: number[]; step: number[] };

/** The grid's best parameters for a series (one-step squared error), and the state they end in. */
function fitHoltWinters(series: readonly number[]): State {
  let best: State | undefined;
  let bestError = Number.POSITIVE_INFINITY;
  for (const alpha of alphas)
    for (const beta of betas)
      for (const phi of beta === 0 ? [1] : phis)
        for (const gamma of gammas) {
          const { state, error } = runHoltWinters(series, { alpha, beta, gamma, phi });
          if (error < bestError) {
            bestError = error;
            best = state;
          }
        }
  return best!;
}

/**
 * Additive Holt-Winters over a series: starts from the first two weeks (level: week one's mean
 * at its last day, trend: the change of the weekly means per day, season: each weekday's
 * deviation from its week's mean, averaged over both weeks), then updates day by day from day 7.
 */
function runHoltWinters(
  series: readonly number[],
  { alpha, beta, gamma, phi }: Parameters,
): { state: State; error: number } {
  const first = mean(series, 0, period);
  const second = mean(series, period, 2 * period);
  let trend = (second - first) / period;
  let level = first + ((period - 1) / 2) * trend;
  const season = Array.from(
    { length: period },
    (_, day) => (series[day]! - first + (series[period + day]! - second)) / 2,
  );
  let error = 0;
  for (let t = period; t < series.length; t += 1) {
    const actual = series[t]!;
    const slot = t % period;
    const expected = level + phi * trend + season[slot]!;
    error += (actual - expected) ** 2;
    const previousLevel = level;
    level = alpha * (actual - season[slot]!) + (1 - alpha) * (level + phi * trend);
    trend = beta * (level - previousLevel) + (1 - beta) * phi * trend;
    season[slot] = gamma * (actual - level) + (1 - gamma) * season[slot]!;
  }
  return { state: { level, trend, season, phi, next: series.length }, error };
}

function forecastHoltWinters(state: State, days: number): number[] {
  const forecast: number[] = [];
  let damped = 0;
  let power = 1;
  for (let step = 1; step <= days; step += 1) {
    power *= state.phi;
    damped += power;
    const slot = (state.next + step - 1) % period;
    forecast.push(state.level + damped * state.trend + state.season[slot]!);
  }
  return forecast;
}

/** Mean absolute percentage error in percent, over the days whose actual value is not 0. */
function meanAbsolutePercentageError({ actual, forecast }: Backtest): number {
  let sum = 0;
  let count = 0;
  actual.forEach((value, i) => {
    if (value === 0) return;
    sum += Math.abs(value - Math.max(0, forecast[i]!)) / value;
    count += 1;
  });
  return count === 0 ? 0 : (100 * sum) / count;
}

/** Variance `days` ahead relative to one day ahead. */
function growth(days: number): number {
  return 1 + (days - 1) / period;
}

/** The one-day-ahead standard deviation implied by backtest errors at several horizons. */
function residualSpread({ actual, forecast, step }: Backtest): number {
  if (actual.length === 0) return 0;
  let sum = 0;
  actual.forEach((value, i) => {
    sum += (value - Math.max(0, forecast[i]!)) ** 2 / growth(step[i]!);
  });
  return Math.sqrt(sum / actual.length);
}

function mean(series: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += series[i]!;
  return sum / (to - from);
}
