/// The inspector's page: one HTML document with its style and script inline, served by the
/// server itself (no CDN, no build step, no network beyond the server's own API).
enum InspectorPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>Store inspector</title>
        <style>
        :root{--bg:#fff;--fg:#1d1d1f;--mute:#6e6e73;--line:#e3e3e8;--sel:#e8f0fe;--add:#e6ffed;--del:#ffeef0;--acc:#0a66c2;--warn:#b35900}
        *{box-sizing:border-box}body{margin:0;font:13px/1.4 -apple-system,system-ui,sans-serif;color:var(--fg);background:var(--bg);height:100vh;display:flex;flex-direction:column}
        header{display:flex;gap:8px;align-items:center;padding:6px 10px;border-bottom:1px solid var(--line);flex-wrap:wrap}
        header h1{font-size:14px;margin:0 8px 0 0}#status{color:var(--mute)}#status.away{color:var(--warn);font-weight:600}
        button{font:inherit;padding:2px 8px;border:1px solid var(--line);border-radius:4px;background:#f5f5f7;cursor:pointer}button:disabled{opacity:.4;cursor:default}
        main{flex:1;display:flex;min-height:0}#left{width:56%;display:flex;flex-direction:column;border-right:1px solid var(--line)}
        #filter{margin:6px;padding:4px 6px;border:1px solid var(--line);border-radius:4px;font:inherit}
        #notice{color:var(--warn);padding:0 8px;font-size:12px}
        #log{flex:1;overflow-y:auto;position:relative;font-family:ui-monospace,Menlo,monospace;font-size:12px}
        #spacer{position:relative}.row{position:absolute;left:0;right:0;height:22px;display:flex;gap:8px;align-items:center;padding:0 8px;cursor:pointer;white-space:nowrap;border-bottom:1px solid #f3f3f3}
        .row:hover{background:#fafafa}.row.sel{background:var(--sel)}.row.skipped .act{text-decoration:line-through;color:var(--mute)}.row.shown{box-shadow:inset 3px 0 var(--warn)}
        .idx{color:var(--mute);width:52px;text-align:right}.time{color:var(--mute);width:84px}.act{flex:1;overflow:hidden;text-overflow:ellipsis}
        .outcome{width:150px;overflow:hidden;text-overflow:ellipsis}.k-reduced,.k-finished{color:#137333}.k-refused,.k-failed,.k-undecodable{color:#c5221f}.k-dropped,.k-held,.k-cancelled,.k-empty{color:var(--warn)}.k-running{color:var(--acc)}.dur{color:var(--mute);width:64px;text-align:right}
        #right{flex:1;overflow:auto;padding:8px 12px}#right h2{font-size:13px;margin:12px 0 4px}
        .tree{font-family:ui-monospace,Menlo,monospace;font-size:12px}.tree details{margin-left:14px}.tree summary{cursor:pointer}.tree .leaf{margin-left:14px}
        .key{color:#8a1f8a}.str{color:#b31d28}.num{color:#005cc5}.red{color:var(--mute);font-style:italic}
        #diff div{font-family:ui-monospace,Menlo,monospace;font-size:12px;white-space:pre-wrap;padding:0 4px}.minus{background:var(--del)}.plus{background:var(--add)}
        .tabs button.on{background:var(--acc);color:#fff}svg{display:block;margin:6px 0}svg text{font-size:10px;fill:var(--mute)}
        textarea{width:100%;height:70px;font-family:ui-monospace,Menlo,monospace;font-size:12px}#message{color:#c5221f}
        .eff{margin:3px 0;padding:2px 6px;border-left:3px solid #137333;font-size:12px}.eff.k-failed{border-color:#c5221f}.eff.k-cancelled{border-color:var(--warn)}.eff.k-running{border-color:var(--acc)}
        .eff.follow{margin-left:18px}.eff .sent{margin-left:12px;color:var(--mute);font-family:ui-monospace,Menlo,monospace;cursor:pointer}.eff .sent:hover{text-decoration:underline}
        #lanes svg rect{cursor:pointer}.lane-finished{fill:#137333}.lane-failed{fill:#c5221f}.lane-cancelled{fill:#b35900}.lane-running{fill:#0a66c2}
        </style></head><body>
        <header><h1 id="title">Store inspector</h1><span id="status">connecting…</span>
        <span class="tabs"><button id="tab-live" class="on">Live</button><button id="tab-session" disabled>Imported session</button></span>
        <button id="present" disabled>Return to present</button><button id="reset" disabled>Reset</button>
        <button id="export">Export session</button><label><button id="importButton">Import…</button><input id="import" type="file" accept=".json,application/json" hidden></label>
        <span id="message"></span></header>
        <main><section id="left"><input id="filter" placeholder="Filter actions (text, outcome or #index)" autocomplete="off">
        <div id="notice"></div><div id="log"><div id="spacer"></div></div></section>
        <section id="right"><div id="detail"><p class="mute">Select an action to see the state after it and its diff.</p></div>
        <h2>Charts</h2><div id="charts"></div>
        <h2>Effects timeline</h2><div id="lanes"><p class="mute">No effects recorded.</p></div>
        <div id="dispatchBox" hidden><h2>Dispatch an action (JSON)</h2><textarea id="dispatchText" placeholder='{"submit":{"product":"tea","quantity":1}}'></textarea><button id="dispatch">Dispatch</button></div>
        </section></main>
        <script>
        "use strict";
        const token=new URLSearchParams(location.search).get("token")||"";
        const ROW=22,PAGE=200;let src="live",status=null,total=0,query="",pages=new Map(),selected=null,follow=true,seenNext=null,missed=0;
        const $=id=>document.getElementById(id);
        async function api(path,opts={}){const sep=path.includes("?")?"&":"?";const r=await fetch(path+sep+"src="+src,{...opts,headers:{"Authorization":"Bearer "+token,"Content-Type":"application/json"}});
          const text=await r.text();let body;try{body=JSON.parse(text)}catch(e){body={error:text}}if(!r.ok)throw new Error(body.error||r.status);return body}
        function say(m){$("message").textContent=m||""}
        function fmtTime(ms){const d=new Date(ms);return d.toTimeString().slice(0,8)+"."+String(d.getMilliseconds()).padStart(3,"0")}
        function fmtBytes(b){return b>=1048576?(b/1048576).toFixed(1)+" MiB":b>=1024?(b/1024).toFixed(1)+" KiB":b+" bytes"}
        function fmtDur(ns){return ns<1000?ns+" ns":ns<1e6?(ns/1e3).toFixed(1)+" µs":(ns/1e6).toFixed(2)+" ms"}
        async function refreshStatus(s){status=s;const away=s.position!==null;$("title").textContent=s.store+(s.session?" (imported)":"");
          let t=(s.next-s.first)+" actions";if(away)t="paused at #"+s.position+" — the store shows the past; "+s.held+" action(s) waiting";
          if(s.skipped.length)t+=" · skipped: "+s.skipped.map(i=>"#"+i).join(", ");$("status").textContent=t;$("status").className=away?"away":"";
          $("present").disabled=!s.development||!away;$("reset").disabled=!s.development||(!away&&!s.skipped.length);
          // Actions recorded and dropped between two reads of this page: it never saw them.
          if(seenNext!==null&&!s.session&&s.first>seenNext)missed+=s.first-seenNext;seenNext=s.next;
          const notes=[];if(s.journal){notes.push(s.journal.source+(s.journal.snapshot>0?", after its snapshot of "+s.journal.snapshot+" actions":""));for(const n of s.journal.notes)notes.push(n)}
          if(s.dropped>0){let t="The "+s.dropped+" oldest action(s) were dropped: the history keeps at most "+s.capacity+" actions";
            if(s.droppedForBytes>0)t+=" within "+fmtBytes(s.maximumBytes)+" as counted ("+(s.measured?"slots and measured sizes":"a record's slot is "+s.slotBytes+" bytes")+"; "+s.droppedForBytes+" dropped for the byte bound)";notes.push(t+".")}
          if(missed>0)notes.push("This page missed "+missed+" action(s): they were recorded and dropped while it was not reading (a slow page never slows the store).");
          if(s.effectsDropped>0)notes.push("The "+s.effectsDropped+" oldest effect(s) were dropped from the timeline.");
          $("notice").textContent=notes.join(" ");
          $("dispatchBox").hidden=!s.dispatch;$("export").disabled=s.session}
        async function reload(){pages.clear();await ensure(0);render();if(selected!==null)select(selected,false);charts();lanes()}
        async function ensure(offset){const p=Math.floor(offset/PAGE);if(pages.has(p))return;pages.set(p,null);
          const r=await api("/api/rows?from="+(p*PAGE)+"&count="+PAGE+"&q="+encodeURIComponent(query));total=r.total;pages.set(p,r.rows);
          $("spacer").style.height=(total*ROW)+"px"}
        function rowAt(i){const p=pages.get(Math.floor(i/PAGE));return p?p[i%PAGE]:undefined}
        function render(){const log=$("log"),sp=$("spacer");const top=log.scrollTop,h=log.clientHeight;const a=Math.max(0,Math.floor(top/ROW)-10),b=Math.min(total,Math.ceil((top+h)/ROW)+10);
          const missing=[];for(let i=a;i<b;i++)if(rowAt(i)===undefined&&!pages.has(Math.floor(i/PAGE)))missing.push(i);
          if(missing.length){Promise.all(missing.map(ensure)).then(render);}
          sp.textContent="";const frag=document.createDocumentFragment();
          for(let i=a;i<b;i++){const r=rowAt(i);if(!r)continue;const d=document.createElement("div");d.className="row"+(r.i===selected?" sel":"")+(r.s?" skipped":"")+(status&&status.position===r.i?" shown":"");
            d.style.top=(i*ROW)+"px";d.dataset.index=r.i;d.dataset.kind=r.r?r.r.split(":")[0].split(" ")[0]:r.k;
            const o=r.r||r.o;d.innerHTML='<span class="idx">#'+r.i+'</span><span class="time">'+fmtTime(r.t).slice(0,12)+'</span><span class="act"></span><span class="outcome k-'+d.dataset.kind+'"></span><span class="dur">'+(r.d?fmtDur(r.d):"")+'</span>';
            d.querySelector(".act").textContent=r.a;d.querySelector(".outcome").textContent=o;d.querySelector(".outcome").title=o;d.onclick=()=>select(r.i,true);frag.appendChild(d)}
          sp.appendChild(frag)}
        function tree(v,name,open){const n=document.createElement("div");n.className="leaf";const key=name===undefined?"":'<span class="key"></span>: ';
          if(v&&typeof v==="object"){const det=document.createElement("details");det.open=open;const s=document.createElement("summary");const arr=Array.isArray(v);const keys=Object.keys(v);
            s.innerHTML=key+(arr?"["+v.length+"]":"{"+keys.length+"}");if(name!==undefined)s.querySelector(".key").textContent=name;det.appendChild(s);
            for(const k of keys)det.appendChild(tree(v[k],arr?"["+k+"]":k,false));return det}
          n.innerHTML=key+'<span></span>';if(name!==undefined)n.querySelector(".key").textContent=name;const val=n.lastChild;
          if(v==="‹redacted›"){val.className="red";val.textContent=v}else if(typeof v==="string"){val.className="str";val.textContent=JSON.stringify(v)}else{val.className="num";val.textContent=String(v)}return n}
        async function select(i,user){selected=i;render();let d;try{d=await api("/api/entry?index="+i)}catch(e){$("detail").textContent=e.message;return}
          const box=$("detail");box.textContent="";const h=document.createElement("div");
          h.innerHTML='<h2>Action #'+d.index+' <span class="k-'+d.outcome.kind+'" id="outcome"></span></h2><div class="tree" id="action"></div>'+
            '<p><button id="jump">Jump to the state after it</button> <button id="skip"></button> <span class="mute">reducer: '+fmtDur(d.nanoseconds)+' · '+new Date(d.time).toISOString()+'</span></p>'+
            '<h2>Diff</h2><div id="diff"></div><h2>Effects</h2><div id="effects" class="mute">…</div><h2>State after #'+d.index+'</h2><div class="tree" id="state"></div>';
          box.appendChild(h);$("outcome").textContent=d.outcome.text+(d.recorded!==d.outcome.text?" (recorded: "+d.recorded+")":"");
          $("action").appendChild(tree(d.action,undefined,true));$("state").appendChild(tree(d.state,undefined,true));
          if(!d.diff.length){$("diff").textContent="(no change)"}for(const l of d.diff){const e=document.createElement("div");e.className=l.startsWith("−")?"minus":"plus";e.textContent=l;$("diff").appendChild(e)}
          const dev=status&&status.development&&src==="live";$("jump").disabled=!dev;$("skip").textContent=d.skipped?"Unskip":"Skip";
          $("skip").disabled=!dev||!(d.outcome.kind==="reduced"||d.outcome.kind==="refused"||d.skipped);
          $("jump").onclick=()=>act("/api/jump",{index:d.index});$("skip").onclick=()=>act("/api/skip",{index:d.index,skipped:!d.skipped});effects(d.index,d.time)}
        function sentLine(x,t0){const e=document.createElement("div");e.className="sent";e.title="Filter the log for this action";
          e.textContent="→ sent "+x.a+(t0?" (+"+Math.max(0,x.t-t0)+" ms)":"");e.onclick=()=>{$("filter").value=x.a;query=x.a;reload()};return e}
        async function effects(i,t0){let r;try{r=await api("/api/effects?index="+i)}catch(e){$("effects").textContent=e.message;return}
          if(selected!==i)return;const box=$("effects");box.textContent="";box.className="";
          if(!r.effects.length&&!r.fedBack.length){box.className="mute";box.textContent="(no effect started)";return}
          for(const f of r.effects){const e=document.createElement("div");e.className="eff k-"+f.kind+(f.parent!==null?" follow":"");e.dataset.kind=f.kind;e.dataset.name=f.name||"";
            const h=document.createElement("div");h.textContent=(f.parent!==null?"↳ ":"")+(f.name||"unnamed effect")+" · "+f.outcome+" · started +"+Math.max(0,f.start-t0)+" ms"+(f.duration!==null?" · ran "+fmtDur(f.duration):" · running");
            e.appendChild(h);for(const x of f.sent)e.appendChild(sentLine(x,t0));if(f.sentCount>f.sent.length){const m=document.createElement("div");m.className="sent";m.textContent="… "+(f.sentCount-f.sent.length)+" more";e.appendChild(m)}
            box.appendChild(e)}
          if(r.fedBack.length){const e=document.createElement("div");e.className="eff";e.textContent="fed back by its attached effects:";for(const x of r.fedBack)e.appendChild(sentLine(x,t0));box.appendChild(e)}}
        async function lanes(){let r;try{r=await api("/api/effects?count=200")}catch(e){return}const box=$("lanes");
          if(!r.effects.length){box.innerHTML='<p class="mute">No effects recorded.</p>';return}
          const names=[];for(const f of r.effects){const n=f.name||"unnamed";if(!names.includes(n))names.push(n)}const shown=names.slice(-12);
          const t0=Math.min(...r.effects.map(f=>f.start)),t1=Math.max(t0+1,r.now,...r.effects.map(f=>f.end||f.start));const W=420,L=110,H=16;
          let s='<svg width="'+(W+L)+'" height="'+(shown.length*H+24)+'" role="img" aria-label="effects timeline">';
          shown.forEach((n,k)=>{s+='<text x="0" y="'+(k*H+12)+'"></text>'});
          for(const f of r.effects){const k=shown.indexOf(f.name||"unnamed");if(k<0)continue;const x=L+(f.start-t0)/(t1-t0)*W,w=Math.max(2,((f.end||r.now)-f.start)/(t1-t0)*W);
            s+='<rect class="lane-'+f.kind+'" data-id="'+f.id+'" data-cause="'+(f.cause&&f.cause.index!==undefined?f.cause.index:"")+'" x="'+x.toFixed(1)+'" y="'+(k*H+2)+'" width="'+w.toFixed(1)+'" height="'+(H-4)+'"><title></title></rect>'}
          s+='<text x="'+L+'" y="'+(shown.length*H+18)+'">'+new Date(t0).toTimeString().slice(0,8)+'</text><text x="'+(L+W)+'" y="'+(shown.length*H+18)+'" text-anchor="end">'+new Date(t1).toTimeString().slice(0,8)+'</text></svg>';
          box.innerHTML=s;const texts=box.querySelectorAll("svg > text");shown.forEach((n,k)=>{texts[k].textContent=n.length>16?n.slice(0,15)+"…":n});
          const byId=new Map(r.effects.map(f=>[String(f.id),f]));for(const rect of box.querySelectorAll("rect")){const f=byId.get(rect.dataset.id);
            rect.querySelector("title").textContent=(f.name||"unnamed")+": "+f.outcome+(f.cause&&f.cause.index!==undefined?" (after #"+f.cause.index+")":"");
            rect.onclick=()=>{if(rect.dataset.cause!=="")select(Number(rect.dataset.cause),true)}}
          if(r.dropped>0){const p=document.createElement("p");p.className="mute";p.textContent=r.dropped+" older effect(s) dropped";box.appendChild(p)}}
        async function act(path,body){say("");try{const s=await api(path,{method:"POST",body:JSON.stringify(body||{})});await refreshStatus(s);await reload()}catch(e){say(e.message)}}
        function bars(data,w,h,label,fmt){const max=Math.max(1,...data.map(d=>d.n));const bw=Math.min(28,Math.max(2,Math.floor((w-30)/Math.max(1,data.length))));
          let s='<svg width="'+w+'" height="'+(h+28)+'" role="img" aria-label="'+label+'"><text x="0" y="10">'+label+' (max '+max+')</text>';
          data.forEach((d,i)=>{const bh=Math.round(d.n/max*h);s+='<rect x="'+(30+i*bw)+'" y="'+(14+h-bh)+'" width="'+(bw-1)+'" height="'+bh+'" fill="#0a66c2"><title>'+fmt(d)+": "+d.n+'</title></rect>'});
          if(data.length){s+='<text x="30" y="'+(h+26)+'">'+fmt(data[0])+'</text>';if(data.length>1)s+='<text x="'+Math.max(30+data.length*bw,140)+'" y="'+(h+26)+'" text-anchor="end">'+fmt(data[data.length-1])+'</text>'}return s+"</svg>"}
        async function charts(){try{const c=await api("/api/charts");$("charts").innerHTML=bars(c.rate,420,70,"actions per second",d=>new Date(d.t*1000).toTimeString().slice(0,8))+
          bars(c.durations,420,70,"reducer time",d=>"≤ "+fmtDur(d.le))}catch(e){}}
        async function poll(){let since=-1;for(;;){try{const s=await api("/api/status?since="+since+"&wait=15000");const changed=!status||s.next!==status.next||s.position!==status.position;
            await refreshStatus(s);since=s.next;if(changed){const log=$("log");const atEnd=log.scrollTop+log.clientHeight>=log.scrollHeight-ROW*2;await reload();if(follow&&atEnd)log.scrollTop=log.scrollHeight}}
          catch(e){say(e.message);await new Promise(r=>setTimeout(r,2000))}}}
        $("log").addEventListener("scroll",render);
        let ft;$("filter").addEventListener("input",()=>{clearTimeout(ft);ft=setTimeout(()=>{query=$("filter").value.trim();reload()},200)});
        $("present").onclick=()=>act("/api/present");$("reset").onclick=()=>act("/api/reset");
        $("export").onclick=async()=>{try{const r=await fetch("/api/session",{headers:{"Authorization":"Bearer "+token}});if(!r.ok)throw new Error((await r.json()).error);
          const b=await r.blob();const a=document.createElement("a");a.href=URL.createObjectURL(b);a.download="inspector-session.json";
          document.body.appendChild(a);a.click();a.remove()}catch(e){say(e.message)}};
        $("importButton").onclick=()=>$("import").click();
        $("import").onchange=async()=>{const f=$("import").files[0];if(!f)return;try{const r=await fetch("/api/session",{method:"POST",body:await f.text(),headers:{"Authorization":"Bearer "+token,"Content-Type":"application/json"}});
          const b=await r.json();if(!r.ok)throw new Error(b.error);$("tab-session").disabled=false;switchTo("session")}catch(e){say(e.message)}};
        function switchTo(s){src=s;selected=null;$("tab-live").className=s==="live"?"on":"";$("tab-session").className=s==="session"?"on":"";$("detail").textContent="";api("/api/status").then(refreshStatus).then(reload)}
        $("tab-live").onclick=()=>switchTo("live");$("tab-session").onclick=()=>switchTo("session");
        $("dispatch").onclick=async()=>{say("");try{await api("/api/dispatch",{method:"POST",body:$("dispatchText").value})}catch(e){say(e.message)}};
        poll();
        </script></body></html>
        """
}
