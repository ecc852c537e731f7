export { boardAirports } from "./airports";
export { getBoard } from "./get-board";
export { Board, BoardQuery } from "./schemas";
