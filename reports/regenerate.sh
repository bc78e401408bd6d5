#!/usr/bin/env bash
# Regenerates every example report in this folder from seeded runs (about an hour
# on two cores). The data go to runs/ (not committed); the reports and figures come here.
set -euo pipefail
cd "$(dirname "$0")/.."
paiju deals zipai -n 10000000 --seed 20261130 -o runs/example-zipai-deals --no-progress
paiju report runs/example-zipai-deals --to reports/zipai-deals
paiju run zipai -n 200000 --seed 20261130 --strategies shape,greedy,random -o runs/example-zipai-run --no-progress
paiju report runs/example-zipai-run --to reports/zipai-run
paiju compare zipai --a shape --b greedy --others greedy -n 50000 --seed 20261130 -o runs/example-zipai-compare --no-progress
paiju report runs/example-zipai-compare --to reports/zipai-compare-shape-greedy
paiju sweep zipai --vary min_huxi=10,15,18 -n 100000 --seed 20261130 -o runs/example-zipai-sweep --no-progress
paiju report runs/example-zipai-sweep --to reports/zipai-sweep-min-huxi
paiju run shengji -n 20000 --seed 20261130 -o runs/example-shengji-run --no-progress
paiju report runs/example-shengji-run --to reports/shengji-run
paiju balance zipai -n 50000 --seed 20261130 -o runs/example-zipai-balance --report-to reports/zipai-balance --no-progress
paiju balance shengji -n 10000 --seed 20261130 -o runs/example-shengji-balance --report-to reports/shengji-balance --no-progress
paiju tournament zipai --strategies expert,shape,greedy,random --field greedy -n 20000 --seed 20261130 -o runs/example-zipai-tournament --no-progress
paiju report runs/example-zipai-tournament --to reports/zipai-tournament
paiju tournament shengji --strategies expert,greedy,random --field greedy -n 4000 --seed 20261130 -o runs/example-shengji-tournament --no-progress
paiju report runs/example-shengji-tournament --to reports/shengji-tournament
paiju run guangshui -n 1000000 --jobs 2 --seed 20261130 -o runs/example-guangshui-run --no-progress
paiju report runs/example-guangshui-run --to reports/guangshui-run
paiju deals guangshui -n 2000000 --seed 20261130 -o runs/example-guangshui-deals --no-progress
paiju report runs/example-guangshui-deals --to reports/guangshui-deals
paiju balance guangshui -n 20000 --seed 20261130 -o runs/example-guangshui-balance --report-to reports/guangshui-balance --no-progress
paiju run tiandi -n 1000000 --seed 20261130 -o runs/example-tiandi-run --no-progress
paiju report runs/example-tiandi-run --to reports/tiandi-run
paiju deals tiandi -n 2000000 --seed 20261130 -o runs/example-tiandi-deals --no-progress
paiju report runs/example-tiandi-deals --to reports/tiandi-deals
paiju balance tiandi -n 50000 --seed 20261130 -o runs/example-tiandi-balance --report-to reports/tiandi-balance --no-progress
paiju compare tiandi --a strong --b greedy -n 50000 --seed 20261130 -o runs/example-tiandi-compare --no-progress
paiju report runs/example-tiandi-compare --to reports/tiandi-compare-strong-greedy
paiju sweep tiandi --vary tuoshou=draw,win,off -n 50000 --seed 20261130 -o runs/example-tiandi-sweep --no-progress
paiju report runs/example-tiandi-sweep --to reports/tiandi-sweep-tuoshou
paiju run dama -n 1000000 --jobs 2 --seed 20261130 -o runs/example-dama-run --no-progress
paiju report runs/example-dama-run --to reports/dama-run
paiju deals dama -n 1000000 --seed 20261130 -o runs/example-dama-deals --no-progress
paiju report runs/example-dama-deals --to reports/dama-deals
paiju balance dama -n 2000 --jobs 1 --seed 20261130 -o runs/example-dama-balance --report-to reports/dama-balance --no-progress
paiju run fengshun -n 1000000 --jobs 2 --seed 20261130 -o runs/example-fengshun-run --no-progress
paiju report runs/example-fengshun-run --to reports/fengshun-run
paiju deals fengshun -n 2000000 --seed 20261130 -o runs/example-fengshun-deals --no-progress
paiju report runs/example-fengshun-deals --to reports/fengshun-deals
paiju balance fengshun -n 50000 --seed 20261130 -o runs/example-fengshun-balance --report-to reports/fengshun-balance --no-progress
paiju run pairs -n 1000000 --jobs 2 --seed 20261130 -o runs/example-pairs-run --no-progress
paiju report runs/example-pairs-run --to reports/pairs-run
paiju run pairs --preset doushisi -n 1000000 --jobs 2 --seed 20261130 -o runs/example-pairs-doushisi --no-progress
paiju report runs/example-pairs-doushisi --to reports/pairs-doushisi-run
paiju deals pairs -n 1000000 --jobs 2 --seed 20261130 -o runs/example-pairs-deals --no-progress
paiju report runs/example-pairs-deals --to reports/pairs-deals
paiju sweep pairs --vary players=2,3,4,5,6 -n 100000 --jobs 2 --seed 20261130 -o runs/example-pairs-sweep --no-progress
paiju report runs/example-pairs-sweep --to reports/pairs-sweep-players
paiju sweep pairs --rule players=6 --vary decks=1,2 -n 100000 --jobs 2 --seed 20261130 -o runs/example-pairs-sweep-decks --no-progress
paiju report runs/example-pairs-sweep-decks --to reports/pairs-sweep-decks
paiju deals pairs --rule players=6 --rule decks=2 --rule eye_required=true -n 1000000 --jobs 2 --seed 20261130 -o runs/example-pairs-deals-two-decks --no-progress
paiju report runs/example-pairs-deals-two-decks --to reports/pairs-deals-two-decks-eye
paiju balance pairs -n 20000 --jobs 2 --seed 20261130 -o runs/example-pairs-balance --report-to reports/pairs-balance --no-progress
paiju compare pairs --a strong --b greedy -n 20000 --jobs 2 --seed 20261130 -o runs/example-pairs-compare --no-progress
paiju report runs/example-pairs-compare --to reports/pairs-compare-strong-greedy
# Balance ladders: the same balance under greedy, strong and search, and which effects hold for every player
paiju balance guangshui --options min_fu,zi_fa --ladder 'greedy,strong,search(k=16,width=2)' -n 1000 --seed 20261130 -o runs/example-guangshui-ladder --report-to reports/guangshui-ladder --no-progress
paiju balance tiandi --options tuoshou,bao --ladder 'greedy,strong,search(k=4)' -n 1000 --seed 20261130 -o runs/example-tiandi-ladder --report-to reports/tiandi-ladder --no-progress
paiju balance zipai --options min_huxi --ladder 'greedy,expert,search(k=16)' -n 1000 --seed 20261130 -o runs/example-zipai-ladder --report-to reports/zipai-ladder --no-progress
