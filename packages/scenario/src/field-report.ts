/** How a rule across fields reports a problem: at a field's path (`["switch", "vlWeights"]`), in words. */
export type Report = (path: PropertyKey[], message: string) => void;
