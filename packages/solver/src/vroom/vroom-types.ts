/** Subset of VROOM's JSON input and output formats (https://github.com/VROOM-Project/vroom/blob/master/docs/API.md). */

export type VroomMatrix = (number | null)[][];

export interface VroomJob {
  id: number;
  location_index?: number;
  location?: [number, number];
  setup?: number;
  service?: number;
  delivery?: number[];
  pickup?: number[];
  /** Legacy VROOM field, read as delivery. */
  amount?: number[];
  skills?: number[];
  priority?: number;
  time_windows?: [number, number][];
  description?: string;
}

export interface VroomShipmentStep {
  id: number;
  location_index?: number;
  setup?: number;
  service?: number;
  time_windows?: [number, number][];
  description?: string;
}

export interface VroomShipment {
  pickup: VroomShipmentStep;
  delivery: VroomShipmentStep;
  amount?: number[];
  skills?: number[];
  priority?: number;
}

export interface VroomBreak {
  id: number;
  time_windows?: [number, number][];
  service?: number;
}

export interface VroomVehicle {
  id: number;
  profile?: string;
  start_index?: number;
  end_index?: number;
  capacity?: number[];
  costs?: { fixed?: number; per_hour?: number; per_km?: number };
  skills?: number[];
  time_window?: [number, number];
  breaks?: VroomBreak[];
  speed_factor?: number;
  max_tasks?: number;
  /** RoutePilot extension: trips per shift, reloading at start_index in between (default 1). */
  max_trips?: number;
  /** RoutePilot extension: time spent at each reload (default 0). */
  reload_time?: number;
  max_travel_time?: number;
  max_distance?: number;
}

export interface VroomInput {
  jobs?: VroomJob[];
  shipments?: VroomShipment[];
  vehicles: VroomVehicle[];
  matrices?: Record<string, { durations?: VroomMatrix; distances?: VroomMatrix; costs?: VroomMatrix }>;
  /** Legacy single duration matrix. */
  matrix?: VroomMatrix;
}

export interface VroomStep {
  type: "start" | "job" | "pickup" | "delivery" | "break" | "reload" | "end";
  id?: number;
  location_index?: number;
  setup: number;
  service: number;
  waiting_time: number;
  load: number[];
  arrival: number;
  duration: number;
  distance?: number;
}

export interface VroomRoute {
  vehicle: number;
  cost: number;
  setup: number;
  service: number;
  duration: number;
  waiting_time: number;
  priority: number;
  distance?: number;
  delivery: number[];
  pickup: number[];
  steps: VroomStep[];
  violations: never[];
}

export interface VroomUnassigned {
  id: number;
  type: "job" | "pickup" | "delivery";
  location_index?: number;
  /** RoutePilot extension: why the task could not be served. */
  reason: string;
}

export interface VroomOutput {
  code: number;
  error?: string;
  summary?: {
    cost: number;
    routes: number;
    unassigned: number;
    setup: number;
    service: number;
    duration: number;
    waiting_time: number;
    priority: number;
    distance?: number;
    delivery: number[];
    pickup: number[];
    violations: never[];
    computing_times: { loading: number; solving: number; routing: number };
  };
  unassigned?: VroomUnassigned[];
  routes?: VroomRoute[];
}
