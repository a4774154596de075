import { PGlite } from "@electric-sql/pglite";
const db = new PGlite();
await db.exec(`create table o_t (id serial primary key, circle_id int not null, plan_id int, is_cancelled bool not null default false,
 starts_at timestamptz, ends_at timestamptz, start_date date, end_date date);
create index c_start on o_t(circle_id, starts_at);
create index c_date on o_t(circle_id, start_date);
create index c_long on o_t(circle_id, ends_at) where is_cancelled = false and ends_at - starts_at > interval '12 hours';
create index c_days on o_t(circle_id, end_date) where is_cancelled = false and end_date > start_date;
insert into o_t(circle_id, plan_id, starts_at, ends_at)
 select (g % 200), g, timestamptz '2020-01-01' + (g * interval '17 minutes'), timestamptz '2020-01-01' + (g * interval '17 minutes') + interval '1 hour' from generate_series(1,400000) g;
insert into o_t(circle_id, plan_id, starts_at, ends_at)
 select (g % 200), g, timestamptz '2020-01-01' + (g * interval '7 hours'), timestamptz '2020-01-01' + (g * interval '7 hours') + interval '20 hours' from generate_series(1,3000) g;
analyze o_t;`);
const show = async (label, s) => { console.log("--", label); for (const r of (await db.query("explain " + s)).rows) console.log(r["QUERY PLAN"]); };
const f = "'2026-03-01T00:00Z'::timestamptz", t = "'2026-04-01T00:00Z'::timestamptz";
await show("long arm alone", `select * from o_t o where o.circle_id = any(array[3,7,11]) and o.is_cancelled = false and (o.ends_at - o.starts_at > interval '12 hours' and o.ends_at > ${f} and o.starts_at < ${t})`);
await show("A or B", `select * from o_t o where o.circle_id = any(array[3,7,11]) and o.is_cancelled = false and ((o.starts_at >= ${f} - interval '12 hours' and o.starts_at < ${t} and (o.starts_at >= ${f} or o.ends_at > ${f})) or (o.ends_at - o.starts_at > interval '12 hours' and o.ends_at > ${f} and o.starts_at < ${t}))`);
const r = await db.query(`select count(*) from o_t where circle_id = any(array[3,7,11]) and starts_at < ${t}`); console.log(r.rows);
