"""Campaign embeds: their content for a small campaign, Discord's limits for a big one."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.campaign import (
    Aftermath,
    Battle,
    CampaignState,
    Step,
    advance,
    edit_card,
    fold,
    mark,
    name_honour,
    pending,
)
from bot.campaign import choose_out_of_action as choose
from bot.game.units import UnitProfile, Weapon
from bot.rules.dice import ScriptedDice
from bot.ui.campaign.aftermath_embeds import aftermath_done_embed, step_embed
from bot.ui.campaign.embeds import (
    card_embed,
    history_embed,
    roster_embed,
    standings_embed,
    status_embed,
)
from tests.campaign.log import ALICE, BOB, Log, card, played


def text(embed: discord.Embed) -> str:
    fields = [f"{f.name}\n{f.value}" for f in embed.fields]
    footer = embed.footer.text or ""
    return "\n".join([embed.title or "", embed.description or "", *fields, footer])


def fought(log: Log, faces: tuple[int, ...] = (), **kw: object) -> None:
    fielded = {p: [c.name for c in log.state.roster(p)] for p in (ALICE, BOB)}
    log.battle(fielded=fielded, vp={ALICE: 60, BOB: 45}, **kw)
    log.append(advance(log.state, ScriptedDice(faces)))


@pytest.fixture
def log() -> Log:
    log = Log()
    captain = card("Captain", character=True, xp=5, honours=("Iron Will",))
    log.add(card("Intercessors"), captain, card("Boyz", BOB, scars=("Fatigued",)))
    return log


def test_status_lists_record_requisition_supply_and_cards_per_player() -> None:
    embed = status_embed(played().state)
    assert embed.title == "📜 Vigilus — 10th edition Crusade"
    assert "Battles played: **1**" in text(embed)
    assert "<@101> — 1-0-0 · 5/10 RP · 100/1200 pts · 1 card" in text(embed)
    assert "<@202> — 0-1-0 · 6/10 RP · 80/1000 pts · 1 card" in text(embed)
    assert not embed.fields  # no post-battle sequence is open


def test_status_says_what_the_open_post_battle_sequence_waits_for(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Boyz"])
    assert "Battle 1 waits for: Out of Action choice for Boyz (<@202>)" in text(
        status_embed(log.state)
    )
    log.do(choose, "Boyz", "battle_scar", "Disgraced", actor=BOB)
    assert "Marked for Greatness (<@101>)" in text(status_embed(log.state))


def test_roster_lists_cards_in_order_and_explains_an_empty_one(log: Log) -> None:
    embed = roster_embed(log.state, ALICE)
    lines = (embed.description or "").splitlines()
    assert lines[0] == "<@101> — 10/50 PL · 2 cards"
    assert lines[1].startswith("**Intercessors** — Battle-ready (0 XP) · 5 PL · ★0 honours")
    assert "**Captain** — Battle-ready (5 XP)" in lines[2] and "★1 honours" in lines[2]
    assert "✖1 scars · 0 battles, 0 survived" in text(roster_embed(log.state, BOB))
    assert "/campaign unit add" in text(roster_embed(log.state, 999))


def test_card_shows_rank_progress_profile_weapons_and_caps(log: Log) -> None:
    captain = text(card_embed(log.state, log.state.cards["captain"]))
    assert "**Battle-ready** (5 XP; 1 XP to Blooded)" in captain
    assert "Battle honours (1/6)" in captain and "★ Iron Will" in captain
    assert "Keywords: INFANTRY, CHARACTER" in captain and "Sv -" in captain
    gun = Weapon(name="Bolt rifle", range='24"', attacks="2", strength="4", ap=-1)
    profile = UnitProfile(name="Vets", save=3, invuln=4, fnp=5, weapons=(gun,))
    vets = card("Vets", xp=20, scars=("Fatigued",), notes="Held the line")
    vets = vets.model_copy(update={"profile": profile})
    shown = text(card_embed(log.state, vets))
    assert "XP capped at 30 (not a CHARACTER)" in shown and "Battle-hardened" in shown
    assert "Sv 3+ · 4++ · FNP 5+" in shown and '**Bolt rifle** (24") A2 3+ S4 AP-1 D1' in shown
    assert "Battle scars (1/3)" in shown and "Held the line" in shown


def test_standings_rank_players_with_results_and_vp() -> None:
    assert "No battles yet" in text(standings_embed(Log().state))
    lines = (standings_embed(played().state).description or "").splitlines()
    assert lines[1] == "**1.** <@101> — 1-0-0 · VP 70–40 (+30)"
    assert lines[2] == "**2.** <@202> — 0-1-0 · VP 40–70 (-30)"


def test_history_is_newest_first_with_notes_and_a_limit(log: Log) -> None:
    assert "/game start campaign:" in text(history_embed(log.state))
    fought(log, mission="Only War", destroyed=["Intercessors"], faces=(4,))
    for player in (ALICE, BOB):
        log.do(mark, player, None, actor=player)
    log.append(advance(log.state, ScriptedDice(())))
    log.do(name_honour, "Captain", "Grim Resolve", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    fought(log, winner=None)
    shown = history_embed(log.state).description or ""
    assert shown.index("**Battle 2**") < shown.index(
        "**Battle 1** — Only War — <@101> wins (60–45 VP)"
    )
    assert "<@101> and <@202> draw (60–45 VP)" in shown and "Destroyed: Intercessors" in shown
    assert "*The Boyz held the bridge.*" in text(history_embed(played().state))
    assert "… and 1 older battles" in text(history_embed(log.state, limit=1))


def test_out_of_action_step_shows_roll_and_what_each_choice_costs(log: Log) -> None:
    fought(log, faces=(1, 1), destroyed=["Captain", "Boyz"])
    step = pending(log.state)
    assert step is not None and step.card == "Captain"
    shown = text(step_embed(log.state, step))
    assert "After battle 1 — Out of Action" in shown and "(rolled a 1)" in shown
    assert "latest Battle Honour, **Iron Will**" in shown and "Crippling Damage" in shown
    assert "Out of Action Boyz: 1, failed — awaiting its owner's choice" in shown
    log.do(choose, "Captain", "devastating_blow", actor=ALICE)
    step = pending(log.state)
    assert step is not None
    shown = text(step_embed(log.state, step))
    assert "**removed from the roster**" in shown and "Fatigued" not in shown.split("So far")[0]
    assert "Captain: 1, failed — chosen (now ★0 ✖0)" in shown


def test_out_of_action_step_with_three_scars_offers_only_the_devastating_blow(log: Log) -> None:
    scarred = card("Boyz", BOB, scars=("Fatigued", "Disgraced", "Deep Scars"))
    log.append(edit_card(log.state, "Boyz", scarred, actor=BOB))
    fought(log, faces=(1,), destroyed=["Boyz"])
    step = pending(log.state)
    assert step is not None
    assert "has 3 Battle Scars, so only the Devastating Blow" in text(step_embed(log.state, step))


def test_marked_and_honour_steps_ask_their_player_and_summarise_so_far(log: Log) -> None:
    fought(log, faces=(3,), destroyed=["Boyz"])
    step = pending(log.state)
    assert step is not None and step.kind == "marked_for_greatness"
    shown = text(step_embed(log.state, step))
    assert "<@101>, mark one of your units that fought for greatness (+3 XP)" in shown
    assert "• Intercessors\n• Captain" in shown and "Out of Action Boyz: 3, passed" in shown
    log.do(mark, ALICE, "Intercessors", actor=ALICE)
    log.do(mark, BOB, None, actor=BOB)
    log.append(advance(log.state, ScriptedDice(())))
    step = pending(log.state)
    assert step is not None and step.kind == "battle_honour"
    shown = text(step_embed(log.state, step))
    assert "After battle 1 — Battle honour" in shown
    assert "**Captain** reached **Blooded**. <@101>, name its Battle Honour." in shown
    assert "<@101> Intercessors · <@202> none" in shown
    assert "rank-ups: Captain → Blooded" in shown


def test_aftermath_recap_lists_outcomes_experience_honours_and_requisition(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Boyz"])
    log.do(choose, "Boyz", "devastating_blow", actor=BOB)
    log.do(mark, ALICE, "Captain", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    log.do(name_honour, "Captain", "Grim Resolve", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    before_finish = fold(log.records[:-1])
    shown = text(aftermath_done_embed(before_finish, 1))
    assert "Boyz: 1, failed — removed from the roster" in shown
    assert "Captain: 9 XP, Blooded — ranked up to **Blooded** · marked for greatness" in shown
    assert "Captain: ★ Grim Resolve" in shown and "<@101> now 5/5 RP" in shown
    assert "/campaign standings" in shown
    after = text(aftermath_done_embed(log.state, 1))
    assert "Boyz: removed from the roster" in after and "Intercessors: 1 XP" in after


LONG = "X" * 50


def big_state() -> CampaignState:
    """60 cards with long names, notes, weapons and honours; 50 battles; an open aftermath."""
    state = Log("10th").state
    gun = Weapon(name=f"{LONG} gun", abilities="A" * 200)
    profile = UnitProfile(name="Big", keywords=tuple(f"K{i}{LONG}" for i in range(30)))
    profile = profile.model_copy(update={"weapons": (gun,) * 20})
    cards = {}
    for i in range(60):
        owner = ALICE if i % 2 else BOB
        honours = tuple(f"{LONG}{h}" for h in range(10))
        c = card(f"{LONG}{i:02}", owner, honours=honours, scars=honours, notes="N" * 200)
        cards[c.key] = c.model_copy(update={"profile": profile, "xp": 40})
    names = {p: tuple(c.name for c in cards.values() if c.owner == p) for p in (ALICE, BOB)}
    fight = {"players": (ALICE, BOB), "winner": ALICE, "vp": {ALICE: 90, BOB: 10}}
    fight |= {"mission": "M" * 100, "note": "*" * 500, "fielded": names}
    battles = tuple(Battle(battle=n, destroyed=names[BOB], **fight) for n in range(1, 51))
    keys = list(cards)
    aftermath = Aftermath(
        battle=50, rolls={k: 1 + i % 6 for i, k in enumerate(keys)}, chosen=frozenset(keys[:10]),
        marked={ALICE: names[ALICE][0], BOB: None}, xp_awarded=True,
        ranked_up=dict.fromkeys(keys, "Legendary"), honoured=frozenset(keys), requisition=True,
    )  # fmt: skip
    return replace(state, cards=cards, battles=battles, aftermath=aftermath)


def test_every_embed_stays_within_discord_limits_for_a_big_campaign() -> None:
    state = big_state()
    some = next(iter(state.cards.values()))
    assert state.aftermath is not None
    ooa = pending(replace(state, aftermath=replace(state.aftermath, chosen=frozenset())))
    assert ooa is not None and ooa.kind == "out_of_action"
    steps = [
        ooa,
        Step("marked_for_greatness", 50, None, ALICE, tuple(c.name for c in state.cards.values())),
        Step("battle_honour", 50, some.name, some.owner, rank="Legendary"),
    ]
    embeds = [
        status_embed(state), roster_embed(state, ALICE), card_embed(state, some),
        standings_embed(state), history_embed(state), history_embed(state, limit=50),
        aftermath_done_embed(state, 50), aftermath_done_embed(replace(state, aftermath=None), 50),
        *(step_embed(state, s) for s in steps),
    ]  # fmt: skip
    for embed in embeds:
        assert len(embed.title or "") <= 256
        assert len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25
        assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in embed.fields)
        assert len(embed) <= 6000, embed.title
    assert "… and" in (roster_embed(state, ALICE).description or "")
    assert "older battles" in (history_embed(state, limit=50).description or "")
