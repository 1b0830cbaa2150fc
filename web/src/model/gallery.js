// The gallery: ready experiments built with the builder, each a link, a thumbnail (drawn by
// scripts/gallery-thumbnails.mjs from the link itself) and two lines on what to look for. Opened
// from the app's toolbar (Gallery, g) and from docs/teaching.md. No DOM.

/** id, title, what to look for, and the run's link (a box-scenario hash). */
export const GALLERY = [
  { id: 'bed', title: 'A granular bed settles',
    look: 'Inelastic disks fall into a walled box and come to rest on its floor; the TC model (t_c = 0.003) keeps the resting bed from an inelastic collapse. ' +
      'Once the bed rests, the textbook detector halts on a pair that rounding left overlapping and approaching (t ≈ 29).',
    hash: '#v=1&scenario=box&naive=halt&dim=2&sp=300x1x1&intruder=0&phi=0.15&walls=xy&wr=1&start=random&grav=1&tilt=0&floor=0&e=0.7&tc=0.003&pot=hard-sphere&lambda=1.5&steps=1.2:-1,1.5:-0.5&T=1&thermo=0&quench=0&Tq=0.35&grow=0&seed=1&speed=2' },
  { id: 'mixture', title: 'A binary mixture in a walled box',
    look: 'Small and large elastic disks bounce off each other and the walls; the panes start identical and drift apart by rounding, amplified by chaos (lowest plot), while kT stays the same in both. ' +
      'Which detector is right? Both, statistically.',
    hash: '#v=1&scenario=box&naive=rewind&dim=2&sp=150x1x1,50x2x4&col=4e8fe8,e0a030,b0703a&intruder=0&phi=0.35&walls=xy&wr=1&start=random&grav=0&tilt=0&floor=0&e=1&tc=0&pot=hard-sphere&lambda=1.5&steps=1.2:-1,1.5:-0.5&T=1&thermo=0&quench=0&Tq=0.35&grow=0&seed=1&speed=2' },
  { id: 'tracer', title: 'A heavy tracer\'s Brownian motion',
    look: 'One large, heavy disk (4 σ, 16 m) among 600 small ones in a periodic box: kicked from all sides it wanders in a random walk, far slower than the gas around it. ' +
      'Follow it in both panes: the same start, the same walk until rounding tells them apart.',
    hash: '#v=1&scenario=box&naive=miss&dim=2&sp=600x1x1,1x4x16&col=7f8db5,e0a030,b0703a&intruder=0&phi=0.3&walls=none&wr=1&start=random&grav=0&tilt=0&floor=0&e=1&tc=0&pot=hard-sphere&lambda=1.5&steps=1.2:-1,1.5:-0.5&T=1&thermo=0&quench=0&Tq=0.35&grow=0&seed=1&speed=4' },
  { id: 'droplets', title: 'Square-well droplets',
    look: 'A square-well fluid held at kT = 1 by a thermostat is quenched to kT = 0.3 at t = 5, below its critical temperature: liquid droplets condense from the vapour. ' +
      'The textbook pane reads the well off the distance, recaptures pairs that rounding left outside and creates energy.',
    hash: '#v=1&scenario=box&naive=miss&dim=2&sp=800x1x1&intruder=0&phi=0.25&walls=none&wr=1&start=lattice&grav=0&tilt=0&floor=0&e=1&tc=0&pot=square-well&lambda=1.5&steps=1.2:-1,1.5:-0.5&T=1&thermo=1&quench=5&Tq=0.3&grow=0&seed=1&speed=4' },
  { id: 'shaken', title: 'A shaken mixture sorts itself',
    look: 'Small and large grains of one density on a floor shaken at Γ = 3: the large ones work their way up (the Brazil-nut effect, main plot of heights). ' +
      'The textbook detector freezes the floor over each flight, and the accelerating floor swallows grains.',
    hash: '#v=1&scenario=box&naive=miss&dim=2&sp=150x1x1,50x1.6x2.56&intruder=0&phi=0.2&walls=xy&wr=1&start=layered&grav=1&tilt=0&floor=3&e=0.8&tc=0.0001&pot=hard-sphere&lambda=1.5&steps=1.2:-1,1.5:-0.5&T=1&thermo=0&quench=0&Tq=0.35&grow=0&seed=1&speed=4' },
];
