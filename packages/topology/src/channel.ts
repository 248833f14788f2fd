/** A unidirectional channel: node `from` sending out of its port `port` to node `to`. */
export interface Channel {
  from: string;
  port: number;
  to: string;
  /** The VL the routes use on it, where a check tells VLs apart (`dragonflyDependencyCycle`). */
  vl?: number;
}
