export { type ForecastResult, forecastDaily, forecastMinHistory } from "./forecast";
export {
  groupQuestions,
  groupSimilarityThreshold,
  type QuestionGroup,
  type QuestionGroupInput,
  questionKey,
  questionKeyMaxLength,
  questionMatchThreshold,
  questionSimilarity,
} from "./question-key";
