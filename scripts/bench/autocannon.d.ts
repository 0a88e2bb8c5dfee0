/** The part of autocannon 8's API the server benchmark uses (the package ships no types). */
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    maxOverallRequests?: number;
    pipelining?: number;
  }
  interface Stats {
    average: number;
    total: number;
  }
  interface Result {
    requests: Stats;
    throughput: Stats;
    /** Seconds actually measured. */
    duration: number;
    errors: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
